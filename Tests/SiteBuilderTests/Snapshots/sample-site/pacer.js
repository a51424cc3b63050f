// The pacer's sound, vibration and wake lock (issue 44): each cue a toggle kept on this device, off until tapped; the screen kept awake while a session runs. A retention pattern's rounds run here: breaths counted, a hold ended with a tap and timed, the recovery breath; then the summary, and serve's log form holding the holds.
// One file for every pacer page (it reads the page, never the other way round), cached once.
(function () {
  var pacer = document.querySelector('.pacer'), toggle = document.getElementById('pacer-start');
  if (!pacer || !toggle) return;
  var still = matchMedia('(prefers-reduced-motion: reduce)');
  var data = pacer.dataset, retention = data.kind === 'retention';
  var lead = parseFloat(getComputedStyle(pacer).getPropertyValue('--motion-pacer-lead')) || 3;
  var cues = { sound: document.getElementById('pacer-sound'), vibrate: document.getElementById('pacer-vibrate') };
  var audio = null, lock = null, running = false, timers = [], holds = [];
  var remember = function (key, value) { try { localStorage.setItem('sandjar.pacer.' + key, value ? '1' : '0'); } catch (e) {} };
  Object.keys(cues).forEach(function (key) {
    try { cues[key].checked = localStorage.getItem('sandjar.pacer.' + key) === '1'; } catch (e) {}
    cues[key].addEventListener('change', function () { remember(key, cues[key].checked); if (key === 'sound') wakeAudio(); });
  });
  function wakeAudio() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!cues.sound.checked || !Context) return;
    audio = audio || new Context();
    if (audio.state === 'suspended' && audio.resume) audio.resume();
  }
  var pitch = { inhale: 523.25, 'top-up': 587.33, hold: 392, exhale: 329.63, rest: 261.63, retention: 220, recovery: 440, done: 659.25 };
  function cue(phase) {
    if (cues.sound.checked && audio) {
      var now = audio.currentTime, tone = audio.createOscillator(), level = audio.createGain();
      tone.type = 'sine';
      tone.frequency.setValueAtTime(pitch[phase] || 440, now);
      level.gain.setValueAtTime(0.0001, now);
      level.gain.exponentialRampToValueAtTime(0.2, now + 0.03);
      level.gain.exponentialRampToValueAtTime(0.0001, now + 0.4);
      tone.connect(level);
      level.connect(audio.destination);
      tone.start(now);
      tone.stop(now + 0.45);
    }
    if (cues.vibrate.checked && navigator.vibrate) navigator.vibrate(phase === 'retention' || phase === 'done' ? [60, 80, 60] : phase === 'inhale' ? 80 : 40);
  }
  function takeLock() {
    if (!running || lock || !navigator.wakeLock || !navigator.wakeLock.request) return;
    navigator.wakeLock.request('screen').then(function (sentinel) {
      if (!running) { sentinel.release(); return; }
      lock = sentinel;
      if (sentinel.addEventListener) sentinel.addEventListener('release', function () { if (lock === sentinel) lock = null; });
    }, function () {});
  }
  function stop() {
    running = false;
    timers.forEach(clearTimeout);
    timers = [];
    if (lock) { var sentinel = lock; lock = null; sentinel.release(); }
  }
  document.addEventListener('visibilitychange', function () { if (document.visibilityState === 'visible') takeLock(); });
  var later = function (seconds, then) { timers.push(setTimeout(then, seconds * 1000)); };
  var fill = function (text, values) { return text.replace(/%([1-9])/g, function (m, n) { return n - 1 < values.length ? values[n - 1] : m; }); };
  var shape = pacer.querySelector('.pacer-shape');
  function move(from, to, seconds, iterations) {
    if (still.matches || !shape.animate) return;
    shape.getAnimations().forEach(function (a) { a.cancel(); });
    shape.animate([{ transform: 'scale(' + from + ')' }, { transform: 'scale(' + to + ')' }], { duration: seconds * 1000, iterations: iterations || 1, direction: iterations ? 'alternate' : 'normal', fill: 'forwards', easing: 'ease-in-out' });
  }
  // Reduced motion asked for mid-session: the shape stands still; the words and the tap go on.
  var quiet = function () { if (still.matches && shape.getAnimations) shape.getAnimations().forEach(function (a) { if (!a.animationName) a.cancel(); }); };
  if (still.addEventListener) still.addEventListener('change', quiet);
  function finish() {
    cue('done');
    stop();
    pacer.classList.add('pacer-finished');
    pacer.dataset.phase = 'done';
  }
  // A paced pattern: the CSS runs the shape and the words; the cues follow the same clock.
  function paced(cycles) {
    var phases = (data.phases || '').split(' ').filter(Boolean).map(function (p) { var parts = p.split(':'); return { phase: parts[0], seconds: parseFloat(parts[1]) }; });
    var cycle = phases.reduce(function (sum, p) { return sum + p.seconds; }, 0);
    if (!cycle) return;
    var at = lead;
    for (var n = 0; n < cycles; n++) phases.forEach(function (p) { var when = at; later(when, function () { cue(p.phase); }); at += p.seconds; });
    later(at, finish);
  }
  // A retention pattern: each round its breaths, the hold a tap ends, the recovery breath.
  var round = pacer.querySelector('.pacer-round'), timer = pacer.querySelector('.pacer-timer'), tap = pacer.querySelector('.pacer-tap');
  var rounds = +data.rounds || 1, breaths = +data.breaths || 1, inhale = parseFloat(data.inhale) || 1, exhale = parseFloat(data.exhale) || 1, recovery = parseFloat(data.recovery) || 0;
  var holdStarted = 0, ticking = null;
  function phase(name) { pacer.dataset.phase = name; cue(name); }
  function breathe(r, b) {
    if (!running) return;
    if (b > breaths) return hold(r);
    round.textContent = fill(data.roundOf, [r, rounds]) + ' · ' + fill(data.breathOf, [b, breaths]);
    phase('inhale');
    move(0.4, 1, inhale);
    later(inhale, function () { phase('exhale'); move(1, 0.4, exhale); later(exhale, function () { breathe(r, b + 1); }); });
  }
  function hold(r) {
    phase('retention');
    pacer.dataset.state = 'hold';
    round.textContent = fill(data.roundOf, [r, rounds]);
    move(0.4, 0.46, 2, Infinity);
    holdStarted = Date.now();
    timer.textContent = '0:00';
    ticking = setInterval(function () { var s = Math.floor((Date.now() - holdStarted) / 1000); timer.textContent = Math.floor(s / 60) + ':' + ('0' + s % 60).slice(-2); }, 250);
    tap.disabled = false;
    tap.focus({ preventScroll: true });
    tap.onclick = function () {
      tap.disabled = true;
      tap.onclick = null;
      clearInterval(ticking);
      holds.push(Math.min(600, Math.max(1, Math.round((Date.now() - holdStarted) / 1000))));
      timer.textContent = '';
      pacer.dataset.state = 'recovery';
      phase('recovery');
      move(0.4, 1, Math.min(recovery, 2) || 1);
      later(recovery, function () { if (r < rounds) { pacer.dataset.state = 'breathe'; breathe(r + 1, 1); } else { summary(); } });
    };
  }
  function summary() {
    var seconds = holds.reduce(function (sum, h) { return sum + h + breaths * (inhale + exhale) + recovery; }, 0);
    var minutes = (Math.round(seconds / 6) / 10).toString();
    pacer.querySelectorAll('.pacer-summary').forEach(function (p) { p.textContent = fill(data.summary, [holds.length, minutes, data.streak]); });
    pacer.querySelectorAll('.pacer-holds').forEach(function (p) { p.textContent = fill(data.holdsList, [holds.join(' · ')]); });
    pacer.querySelectorAll('input[name=holds]').forEach(function (input) { input.value = holds.join(','); });
    pacer.dataset.state = 'done';
    finish();
  }
  toggle.addEventListener('change', function () {
    stop();
    if (!toggle.checked) return;
    pacer.classList.remove('pacer-finished');
    running = true;
    wakeAudio();
    takeLock();
    if (retention) {
      holds = [];
      clearInterval(ticking);
      pacer.dataset.state = 'breathe';
      later(lead, function () { breathe(1, 1); });
      move(0.4, 0.4, lead);
      return;
    }
    var choice = pacer.querySelector('.pacer-choice:checked');
    paced(choice ? +choice.getAttribute('data-cycles') || 1 : 1);
  });
})();

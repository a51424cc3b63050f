import Foundation

/// Turning accepted sockets into responses.
extension SiteServer {
    /// Takes a new socket from the accept loop and serves it on a thread of its own. At
    /// `maxConnections` it first pushes out the connection that has waited longest for its request
    /// head; only when none is waiting (every one is being answered) is the newcomer told 503.
    func admit(_ fd: Int32) {
        let connection = Connection(fd: fd)
        let admission = shared.withLock { shared -> Admission in
            var pushedOut: Connection?
            if shared.connections.count >= limits.maxConnections {
                let idle = shared.connections.values.lazy.filter(\.idle)
                guard let oldest = idle.min(by: { $0.number < $1.number }) else { return .refused }
                shared.connections[oldest.connection.fd] = nil
                pushedOut = oldest.connection
            }
            shared.admitted += 1
            shared.connections[fd] = OpenConnection(connection: connection, number: shared.admitted)
            return .admitted(pushingOut: pushedOut)
        }
        switch admission {
        case .refused:
            // On the accept thread, so nothing may wait: a short send timeout, and no lingering.
            connection.setTimeouts(.seconds(1))
            connection.send(.text(.unavailable, "503 too many connections"), withBody: true)
            connection.finish(waiting: false)
            record(request: nil, status: .unavailable)
        case .admitted(let pushedOut):
            // Its thread wakes from its read, sees it was pushed out, and closes it.
            pushedOut?.drop()
            let thread = Thread { [self] in
                serve(connection)
            }
            thread.name = "sandjar serve: connection"
            thread.start()
        }
    }

    private enum Admission {
        case admitted(pushingOut: Connection?)
        case refused
    }

    /// Reads one request, answers it, and closes the connection, unless a newcomer pushed it out
    /// while it waited for its head: then it only closes.
    private func serve(_ connection: Connection) {
        connection.setTimeouts(limits.receiveTimeout)
        connection.sendImmediately()
        let received = connection.receiveHead(limit: limits.headBytes, timeout: limits.receiveTimeout)
        // Whatever came, it waits no longer, so no newcomer may push it out from here on.
        let pushedOut = shared.withLock { shared -> Bool in
            guard shared.connections[connection.fd]?.connection === connection else { return true }
            shared.connections[connection.fd]?.idle = false
            return false
        }
        if !pushedOut && received != .nothing {
            let (request, response) = answer(received, on: connection)
            connection.send(response, withBody: request?.method != "HEAD")
            record(request: request, status: response.status)
        }
        connection.finish(waiting: !pushedOut)
        shared.withLock { shared in
            if shared.connections[connection.fd]?.connection === connection {
                shared.connections[connection.fd] = nil
            }
        }
    }

    /// The response to what was received, with the request when its head could be read.
    private func answer(_ received: Connection.Received, on connection: Connection) -> (HTTPRequest?, HTTPResponse) {
        switch received {
        case .head(let head, let rest):
            do throws(HTTPRequest.Refusal) {
                let request = try HTTPRequest(head: head)
                // 0 only if the socket cannot name its port: no browser sends a Host with port 0.
                let port = connection.localPort() ?? 0
                guard let application else { return (request, response(to: request, port: port)) }
                try request.checkHost(others: hostNames, port: port)
                let body = try self.body(of: request, start: rest, on: connection)
                let target = try RequestTarget(request.target)
                let web = WebRequest(
                    method: request.method, path: target.path, query: String(target.query.dropFirst()),
                    headers: request.headers, body: body)
                if let answered = application(web) { return (request, HTTPResponse(answered)) }
                return (request, response(to: request, port: port))
            } catch {
                return (nil, .refusal(error))
            }
        case .tooLarge: return (nil, .text(.headTooLarge))
        case .timedOut: return (nil, .text(.requestTimeout))
        case .incomplete, .nothing: return (nil, .text(.badRequest))
        }
    }

    /// The body a POST sends with `Content-Length` (a chunked one is refused; the head's parser
    /// has refused a Content-Length that is not one number), at most `limits.bodyBytes`; none for
    /// other methods.
    private func body(of request: HTTPRequest, start: [UInt8], on connection: Connection) throws(HTTPRequest.Refusal)
        -> [UInt8]
    {
        guard request.method == "POST" else { return [] }
        if request.headers["transfer-encoding"] != nil {
            throw HTTPRequest.Refusal(.lengthRequired, "send the form with a Content-Length, not chunked")
        }
        guard let length = request.contentLength else {
            throw HTTPRequest.Refusal(.lengthRequired, "a POST needs a Content-Length")
        }
        guard length <= limits.bodyBytes else {
            throw HTTPRequest.Refusal(.payloadTooLarge, "a form may send at most \(limits.bodyBytes / 1024) KB")
        }
        guard let body = connection.receiveBody(length: length, start: start, timeout: limits.receiveTimeout) else {
            throw HTTPRequest.Refusal(.badRequest, "the body ended before its Content-Length")
        }
        return body
    }

    /// GET or HEAD of a checked path, looked up in the site as it is at this moment; `port` is the
    /// one the request came in on.
    func response(to request: HTTPRequest, port: UInt16) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else { return .methodNotAllowed }
        do throws(HTTPRequest.Refusal) {
            try request.checkHost(others: hostNames, port: port)
        } catch {
            return .refusal(error)
        }
        // Read once: this request sees one site whole, whatever `setRoot` or `serve` do meanwhile.
        let served = shared.withLock { $0.site }
        let site = served.contents
        do throws(HTTPRequest.Refusal) {
            switch site.lookup(try RequestTarget(request.target)) {
            case .file(let contentType, let body):
                return HTTPResponse(status: .ok, contentType: contentType, body: body)
            case .redirect(let location):
                return .redirect(to: location)
            case .notFound:
                return notFound(in: site)
            case .failed(let message):
                return .text(.internalError, message)
            }
        } catch {
            return error.status == .notFound ? notFound(in: site) : .refusal(error)
        }
    }

    /// 404 with the site's own 404.html when it has one.
    private func notFound(in site: any SiteContents) -> HTTPResponse {
        guard let page = site.notFoundPage() else { return .text(.notFound) }
        return HTTPResponse(status: .notFound, contentType: ContentType.html, body: page)
    }

    /// One log line: "GET /goals/ 200", or "- - 400" when the request could not be read.
    private func record(request: HTTPRequest?, status: HTTPResponse.Status) {
        guard let log else { return }
        log("\(request?.method ?? "-") \(request?.target ?? "-") \(status.rawValue)")
    }
}

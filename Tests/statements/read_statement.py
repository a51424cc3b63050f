#!/usr/bin/env python3
"""Reads a bank statement with a reader that is not sandjar's, and prints as JSON what it read.

    python3 Tests/statements/read_statement.py ofx|qif|camt FILE [FILE...]

The readers: ofxparse (PyPI) for OFX/QFX, quiffen (PyPI) for QIF, and for camt.052/053/054 an
ISO 20022 reading of every <Ntry> written here with xml.etree (its <Amt>, signed by <CdtDbtInd>,
its <BookgDt> or else <ValDt>; entries whose <Sts> is pending or informational are left out, as
they are not booked). StatementReferenceTests compares what `sandjar detect --format json` reads
with this, file by file.

Prints one JSON object with a member per FILE: {"count", "sum", "first", "last", "transactions":
[{"date", "amount"}]} with amounts as decimal strings, or {"error": "..."} when the reader cannot
read the file. Exit status 0 either way; 2 when the reader itself is not installed.

ofxparse gives each transaction's moment in UTC; the day taken is the one written in DTPOSTED
(its first 8 digits), which is the bank's day and the one sandjar reads. A camt batch entry whose
<TxDtls> each carry an amount, in the entry's currency, adding up to the entry's, counts as that
many transactions (DESIGN.md §3: batches by their transaction details); its sum is the entry's.
"""

import json
import re
import sys
import warnings
import xml.etree.ElementTree as ET
from decimal import Decimal


def ofx(path):
    try:
        import ofxparse
    except ImportError:
        sys.exit(2)
    # The day as written: ofxparse would move `20131124000000[-7:MST]` to UTC.
    original = ofxparse.OfxParser.parseOfxDateTime.__func__
    ofxparse.OfxParser.parseOfxDateTime = classmethod(
        lambda cls, text: original(cls, re.sub(r"\[[^\]]*\]\s*$", "", text.strip()))
    )
    with open(path, "rb") as handle:
        parsed = ofxparse.OfxParser.parse(handle)
    read = []
    for account in parsed.accounts:
        statement = getattr(account, "statement", None)
        if statement is None or not hasattr(statement, "transactions"):
            continue
        if type(statement).__name__ == "InvestmentStatement":
            continue
        for transaction in statement.transactions:
            read.append((transaction.date.date().isoformat(), Decimal(transaction.amount), 1))
    return read


def qif(path):
    try:
        import quiffen
    except ImportError:
        sys.exit(2)
    parsed = quiffen.Qif.parse(path)
    read = []
    for account in parsed.accounts.values():
        for kind, transactions in account.transactions.items():
            if str(kind).lower().endswith("invst") or "invest" in str(kind).lower():
                continue
            for transaction in transactions:
                if type(transaction).__name__ != "Transaction":
                    continue
                read.append((transaction.date.date().isoformat(), Decimal(str(transaction.amount)), 1))
    return read


def local(tag):
    return tag.rsplit("}", 1)[-1]


def child(node, *names):
    for name in names:
        if node is None:
            return None
        node = next((c for c in node if local(c.tag) == name), None)
    return node


def first(*nodes):
    """The first that is there (an element without children is false, so `or` will not do)."""
    return next((node for node in nodes if node is not None), None)


def camt(path):
    root = ET.parse(path).getroot()
    if local(root.tag) != "Document":
        raise ValueError("root is not <Document>")
    read = []
    for entry in root.iter():
        if local(entry.tag) != "Ntry":
            continue
        status = child(entry, "Sts")
        if status is not None:
            code = child(status, "Cd")
            text = (code.text if code is not None else status.text) or ""
            if text.strip().upper() in ("PDNG", "INFO"):
                continue
        amount = Decimal(child(entry, "Amt").text.strip())
        sign = child(entry, "CdtDbtInd").text.strip()
        if sign == "DBIT":
            amount = -amount
        day = None
        for where in ("BookgDt", "ValDt"):
            for form in ("Dt", "DtTm"):
                node = child(entry, where, form)
                if node is not None and node.text:
                    day = node.text.strip()[:10]
                    break
            if day:
                break
        # A batch: as many transactions as <TxDtls> with an amount of their own.
        details = [d for d in entry.iter() if local(d.tag) == "TxDtls"]
        own = [first(child(d, "AmtDtls", "TxAmt", "Amt"), child(d, "Amt")) for d in details]
        currency = child(entry, "Amt").get("Ccy")
        whole = len(details) > 1 and all(a is not None and a.get("Ccy", currency) == currency for a in own)
        adds_up = whole and sum(Decimal(a.text.strip()) for a in own) == abs(amount)
        count = len(details) if adds_up else 1
        read.append((day, amount, count))
    return read


def result(kind, path):
    try:
        read = {"ofx": ofx, "qif": qif, "camt": camt}[kind](path)
    except SystemExit:
        raise
    except Exception as error:  # what the reference cannot read is itself a finding
        return {"error": f"{type(error).__name__}: {error}"[:300]}
    days = sorted(day for day, _, _ in read if day)
    return {
        "count": sum(count for _, _, count in read),
        "sum": str(sum((amount for _, amount, _ in read), Decimal(0))),
        "first": days[0] if days else None,
        "last": days[-1] if days else None,
        "transactions": [{"date": day, "amount": str(amount)} for day, amount, _ in read],
    }


def main():
    warnings.simplefilter("ignore")
    kind = sys.argv[1]
    print(json.dumps({path: result(kind, path) for path in sys.argv[2:]}, indent=1))


if __name__ == "__main__":
    main()

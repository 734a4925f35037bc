#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A local mailbox for tests and the demo: a real SMTP server (Debian's python3-aiosmtpd) that
keeps every message it accepts in a folder: N.eml as received, N.json with its decoded parts
(to, from, message_id, subject, language, text, html, attachments), and each attachment.

    mailbox.py --port 2525 --dir /tmp/mailbox [--delay-after-data 3]

--delay-after-data stores the message, then waits before answering 250: a sender that dies in
that window has handed the message over without learning so (the crash tests use it).

TLS and authentication (tst_smtptls): --tls-cert/--tls-key offer STARTTLS (--require-starttls:
nothing before it), --smtps speaks TLS from the first byte instead, --auth USER:PASSWORD refuses
mail without AUTH (only over TLS, unless --auth-in-clear), --auth-mechanism PLAIN|LOGIN offers just that one. Each
message's .json says whether it came over TLS and as whom."""
import argparse
import asyncio
import email
import email.policy
import json
import os
import ssl
import sys
import time

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult


class Keeper:
    def __init__(self, folder, delay):
        self.folder = folder
        self.delay = delay
        os.makedirs(folder, exist_ok=True)

    def next_number(self):
        existing = [int(n.split(".")[0]) for n in os.listdir(self.folder) if n.endswith(".eml")]
        return max(existing, default=0) + 1

    async def handle_DATA(self, server, session, envelope):
        number = self.next_number()
        raw = envelope.original_content or envelope.content
        message = email.message_from_bytes(raw, policy=email.policy.default)
        summary = {
            "envelope_from": envelope.mail_from,
            "envelope_to": envelope.rcpt_tos,
            "to": str(message.get("To", "")),
            "from": str(message.get("From", "")),
            "subject": str(message.get("Subject", "")),
            "message_id": str(message.get("Message-ID", "")),
            "language": str(message.get("Content-Language", "")),
            "text": "",
            "html": "",
            "attachments": [],
            "tls": server.transport.get_extra_info("ssl_object") is not None,
            "auth_login": session.auth_data.decode() if isinstance(session.auth_data, bytes)
            else "",
        }
        for part in message.walk():
            if part.is_multipart():
                continue
            if part.get_content_disposition() == "attachment":
                name = f"{number}-{part.get_filename()}"
                with open(os.path.join(self.folder, name), "wb") as out:
                    out.write(part.get_payload(decode=True))
                summary["attachments"].append({"name": part.get_filename(), "file": name,
                                               "type": part.get_content_type()})
            elif part.get_content_type() == "text/plain":
                summary["text"] = part.get_content()
            elif part.get_content_type() == "text/html":
                summary["html"] = part.get_content()
        # The .json last: a reader that sees it sees the whole message.
        with open(os.path.join(self.folder, f"{number}.eml"), "wb") as out:
            out.write(raw)
        tmp = os.path.join(self.folder, f"{number}.json.tmp")
        with open(tmp, "w", encoding="utf-8") as out:
            json.dump(summary, out, ensure_ascii=False, indent=1)
        os.rename(tmp, os.path.join(self.folder, f"{number}.json"))
        print(f"mailbox: message {number} for {', '.join(envelope.rcpt_tos)}: "
              f"{summary['subject']}", flush=True)
        if self.delay > 0:
            await asyncio.sleep(self.delay)
        return "250 Message accepted for delivery"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--delay-after-data", type=float, default=0)
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    parser.add_argument("--smtps", action="store_true")
    parser.add_argument("--require-starttls", action="store_true")
    parser.add_argument("--auth", help="USER:PASSWORD")
    parser.add_argument("--auth-mechanism", choices=["PLAIN", "LOGIN"])
    parser.add_argument("--auth-in-clear", action="store_true",
                        help="accept AUTH without TLS (to prove a client never sends it so)")
    args = parser.parse_args()
    options = {}
    if args.tls_cert:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        if args.smtps:
            options["ssl_context"] = context
        else:
            options["tls_context"] = context
            options["require_starttls"] = args.require_starttls
    if args.auth:
        user, password = args.auth.split(":", 1)

        def authenticate(server, session, envelope, mechanism, data):
            ok = data.login == user.encode() and data.password == password.encode()
            print(f"mailbox: AUTH {mechanism} as {data.login!r}: {'ok' if ok else 'refused'}",
                  flush=True)
            return AuthResult(success=ok, auth_data=data.login if ok else None)

        options["authenticator"] = authenticate
        options["auth_required"] = True
        # aiosmtpd 1.4 does not see SMTPS as TLS and would then not offer AUTH at all; that
        # listener speaks nothing but TLS anyway.
        options["auth_require_tls"] = not args.auth_in_clear and not args.smtps
        if args.auth_mechanism:
            options["auth_exclude_mechanism"] = [m for m in ("PLAIN", "LOGIN")
                                                 if m != args.auth_mechanism]
    controller = Controller(Keeper(args.dir, args.delay_after_data), hostname=args.host,
                            port=args.port, **options)
    controller.start()
    print(f"mailbox: listening on {args.host}:{args.port}, keeping mail in {args.dir}",
          flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()


if __name__ == "__main__":
    sys.exit(main())

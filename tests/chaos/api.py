# SPDX-License-Identifier: GPL-3.0-or-later
"""HTTP and token helpers of the chaos harness (standard library only)."""

import base64
import hashlib
import hmac
import http.client
import json
import time
import urllib.parse


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def token(secret, sub, role="fan", ttl=6 * 3600):
    """An HS256 access token as the server expects it (iss/aud defaults)."""
    header = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    now = int(time.time())
    claims = {"iss": "boxoffice", "aud": "boxoffice-api", "sub": sub, "role": role,
              "iat": now, "exp": now + ttl}
    payload = b64url(json.dumps(claims).encode())
    signing = f"{header}.{payload}".encode()
    signature = b64url(hmac.new(secret.encode(), signing, hashlib.sha256).digest())
    return f"{header}.{payload}.{signature}"


class Answer:
    """One HTTP answer; status 0 means no answer at all (refused, reset, timed out)."""

    def __init__(self, status, body=b"", error=None):
        self.status = status
        self.body = body
        self.error = error

    def json(self):
        try:
            return json.loads(self.body) if self.body else {}
        except ValueError:
            return {}

    @property
    def code(self):
        value = self.json()
        return value.get("code", "") if isinstance(value, dict) else ""


class Client:
    """A keep-alive connection to one base URL, reopened after any failure. One per thread."""

    def __init__(self, base, timeout=20.0):
        parsed = urllib.parse.urlsplit(base)
        self.host = parsed.hostname
        self.port = parsed.port
        self.timeout = timeout
        self.connection = None

    def request(self, method, path, body=None, token=None, headers=None, timeout=None):
        all_headers = {"Accept": "application/json"}
        if token:
            all_headers["Authorization"] = "Bearer " + token
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            all_headers["Content-Type"] = "application/json"
        all_headers.update(headers or {})
        try:
            if self.connection is None:
                self.connection = http.client.HTTPConnection(
                    self.host, self.port, timeout=timeout or self.timeout)
            elif timeout:
                self.connection.timeout = timeout
            self.connection.request(method, path, body=data, headers=all_headers)
            response = self.connection.getresponse()
            payload = response.read()
            if response.getheader("Connection", "").lower() == "close":
                self.close()
            return Answer(response.status, payload)
        except (OSError, http.client.HTTPException) as error:
            self.close()
            return Answer(0, b"", f"{type(error).__name__}: {error}")

    def close(self):
        if self.connection is not None:
            try:
                self.connection.close()
            except OSError:
                pass
        self.connection = None

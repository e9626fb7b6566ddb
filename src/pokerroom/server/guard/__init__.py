"""The room's protections against hostile or careless clients: who a client is behind
a proxy, body limits, JSON-only bodies, the Origin check, security headers, quotas, and
the expiry of idle resources."""

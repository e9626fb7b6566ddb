"""A room on many processes: leases on tables, tournaments and live events, the
middleware that sends a request to the worker holding it, and the front proxy's
configuration."""

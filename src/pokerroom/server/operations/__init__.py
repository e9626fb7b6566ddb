"""Operating the room: its metrics for Prometheus (``metrics.py``, served by
``routes.py`` as ``GET /metrics``) and its log lines, plain or JSON (``logs.py``).

It sits below every other context: any of them may count something here
(:func:`~pokerroom.server.operations.metrics.metrics_of`), and it imports none of them.
"""

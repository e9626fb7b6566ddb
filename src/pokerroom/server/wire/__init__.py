"""What crosses the wire: the messages in and out (validated), the action codec, the
WebSocket conversation, and the names people give themselves."""

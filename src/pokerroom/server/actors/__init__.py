"""What every table-like resource shares: the owner loop (one task per resource), the
clock, stand-in actions, pre-actions, the clock memory, and the registry of the three
kinds of resource."""

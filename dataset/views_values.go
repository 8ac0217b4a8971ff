package dataset

import (
	"donations/store"
)

// The browser draws what the store's reads give and names what its rules
// name, yet imports the dataset, never the store (docs/architecture.md): the
// plain values it needs are named here. They are aliases, the same types,
// so a value read through the dataset is the store's own.
type (
	// Group is one group of an adding-up: its key, counts and sums.
	Group = store.Group
	// Donor is one donor of the donors' reads.
	Donor = store.Donor
)

// Refunded is the status a rule never counts.
const Refunded = store.Refunded

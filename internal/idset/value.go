package idset

// Value is what a Set keeps beside each id: a few int64 fields. A run
// packs each field of a block of values in as many bits as the block's
// values of it span (as it does the ids), so a field whose values are
// close together, as donations close in id are close in time and in the
// list, takes a byte or a few, and any one of them is read without
// reading the others.
type Value[V any] interface {
	// Fields is how many fields a value has, the same for every value.
	Fields() int
	// Field is field i.
	Field(i int) int64
	// WithField is the value with field i set to x.
	WithField(i int, x int64) V
}

// None is the value of a set of ids alone: it takes no bit.
type None struct{}

// Fields is none.
func (None) Fields() int { return 0 }

// Field is never asked for.
func (None) Field(int) int64 { return 0 }

// WithField is None.
func (None) WithField(int, int64) None { return None{} }

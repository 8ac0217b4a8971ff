package uictx

// Drawn remembers what a viewport's content was drawn from, so that a
// View, which Bubble Tea calls for every frame (each key of a scroll),
// draws the content again only when what it shows has changed (its key
// holds the width and Context.Restyles with the data).
type Drawn[K comparable] struct {
	key  K
	once bool
}

// Stale says whether content drawn from k is not the content drawn last,
// and takes k as the one drawn.
func (d *Drawn[K]) Stale(k K) bool {
	if d.once && d.key == k {
		return false
	}
	d.key, d.once = k, true
	return true
}

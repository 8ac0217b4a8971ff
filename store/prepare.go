package store

import (
	"runtime"

	"donations/api"
)

// prepared is what storing a page needs of its donations that can be made
// before the page's turn, beside the writer: each one's columns (row) and
// its record compressed. The writer stores pages one at a time, so the
// work it does not have to do bounds a first sync: compressing and folding
// the search text are much of it.
type prepared struct {
	done   chan struct{} // closed when made
	rows   [][]any       // row of each donation of the page, by its index
	packed [][]byte      // each record compressed with codec; nil: not compressed
	codec  *codec
}

// Preparer makes pages' prepared on a few goroutines at once: one per
// writer of pages, which hands it each page as it arrives.
type Preparer struct {
	s     *Store
	slots chan struct{}
}

// NewPreparer is a preparer of pages for s.
func (s *Store) NewPreparer() *Preparer {
	return &Preparer{s: s, slots: make(chan struct{}, runtime.GOMAXPROCS(0))}
}

// Prepare begins to prepare pg; PutPages waits for it before it uses it.
func (p *Preparer) Prepare(pg *Page) {
	pr := &prepared{done: make(chan struct{})}
	list := pg.Records
	go func() {
		defer close(pr.done)
		p.slots <- struct{}{}
		defer func() { <-p.slots }()
		pr.make(list, p.s, p.s.codecs.newest())
	}()
	pg.prep = pr
}

// make fills pr for list. A record it fails to compress is left for the
// writer, which then says why.
func (pr *prepared) make(list []api.Donation, s *Store, c *codec) {
	pr.rows, pr.codec = make([][]any, len(list)), c
	if c != nil {
		pr.packed = make([][]byte, len(list))
	}
	// The page's rows in one slice, each with room for its own values.
	vals := make([]any, 0, len(list)*columns)
	rows := rowMaker{zone: s.zone}
	for i := range list {
		d := &list[i]
		if !d.ID.Valid {
			continue
		}
		n := len(vals)
		vals = rows.appendRow(vals, d)
		pr.rows[i] = vals[n:len(vals):len(vals)]
		if c != nil {
			pr.packed[i], _ = c.pack(d.Raw)
		}
	}
}

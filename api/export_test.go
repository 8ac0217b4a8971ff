package api

// SearchBytes is searchBytes, for the tests of package api_test.
const SearchBytes = searchBytes

// CachedBytes is the bodies' bytes of the pages p holds for its walk.
func (p *Pager) CachedBytes() (n int) {
	for _, pg := range p.cache {
		n += pg.Exchange.Bytes
	}
	return n
}

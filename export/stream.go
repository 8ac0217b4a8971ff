package export

import (
	"context"

	"donations/api"
)

// DefaultConcurrency is how many pages a whole export fetches at once: enough
// to hide most of the latency, few enough to stay well inside rate limits.
const DefaultConcurrency = 4

// Pages is a walk over the pages of a query; *api.Pager is one.
type Pages interface {
	Next(ctx context.Context) (api.Batch, error)
	Done() bool
}

// Limits stop a stream early; zero means no limit.
type Limits struct {
	Pages     int // pages read
	Donations int // donations written
}

// Stream walks the pager and writes every donation as its page arrives, until
// the walk ends or a limit is reached; each page is flushed before the next
// is asked for, so a reader downstream (list | head) has it as it came.
// onPage, when set, is told after each page is written. It returns the
// number of donations written.
func Stream(ctx context.Context, p Pages, w Writer, lim Limits, onPage func(api.Batch, int)) (int, error) {
	written, pages := 0, 0
	for !p.Done() {
		if lim.Pages > 0 && pages >= lim.Pages {
			break
		}
		b, err := p.Next(ctx)
		if err != nil {
			return written, err
		}
		pages++
		for i := range b.Donations {
			if lim.Donations > 0 && written >= lim.Donations {
				break
			}
			if err := w.Write(&b.Donations[i]); err != nil {
				return written, err
			}
			written++
		}
		if err := w.Flush(); err != nil {
			return written, err
		}
		if onPage != nil {
			onPage(b, written)
		}
		if lim.Donations > 0 && written >= lim.Donations {
			break
		}
	}
	return written, nil
}

package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Limits on what one answer may cost, so that a broken or hostile server
// cannot exhaust the machine. A page of 100 donations is about 120 KB, holds
// 100 records and nests four levels deep: each limit is far above that.
const (
	// DefaultMaxBody bounds one answer, measured after decompression.
	DefaultMaxBody = 32 << 20
	// MaxRecords bounds the records of one page: ten times the most a page
	// holds. Each record becomes a full struct, so the body limit alone does
	// not bound memory (a megabyte of `{}` is 300,000 records).
	MaxRecords = 10 * MaxPerPage
	// MaxDepth bounds how deeply JSON values may nest (see checkDepth).
	MaxDepth = 64
)

// freeBody is how much of an answer is read without taking the process's
// single turn for large answers: requests fetched side by side then hold at
// most this much each, plus one large answer, whatever the concurrency.
const freeBody = 1 << 20

// largeBody is that turn. It is shared by every client of the process.
var largeBody = make(chan struct{}, 1)

// tooLargeError reports an answer past the body limit. It is not retried:
// the same request would get the same answer.
type tooLargeError struct{ limit int64 }

func (e *tooLargeError) Error() string {
	return fmt.Sprintf("the answer passed %s; the server is not answering as the API does", size(e.limit))
}

func tooLarge(limit int64) error { return &tooLargeError{limit} }

// deadlineError is an attempt that ran out of time, said as what it is
// rather than as "context deadline exceeded".
type deadlineError struct {
	what    string
	timeout time.Duration
}

func (e *deadlineError) Error() string { return fmt.Sprintf("%s within %s", e.what, e.timeout) }

func (e *deadlineError) Unwrap() error { return context.DeadlineExceeded }

// timedOut words err as a deadlineError when the attempt's own deadline ended
// it, and leaves it alone when the caller's context did (cancelled, or its
// own deadline), which the caller reports itself.
func (c *Client) timedOut(parent context.Context, err error, what string) error {
	if errors.Is(err, context.DeadlineExceeded) && parent.Err() == nil {
		return &deadlineError{what, c.timeout}
	}
	return err
}

// readBody reads an answer up to limit bytes. It refuses a larger one as soon
// as it is announced or passes the limit, and reads no further.
func readBody(ctx context.Context, resp *http.Response, limit int64) ([]byte, error) {
	if resp.ContentLength > limit {
		return nil, tooLarge(limit)
	}
	buf := make([]byte, 0, min(max(resp.ContentLength+1, 512), freeBody))
	held := false
	defer func() {
		if held {
			<-largeBody
		}
	}()
	for {
		if len(buf) == cap(buf) {
			if int64(len(buf)) > limit {
				return nil, tooLarge(limit)
			}
			if len(buf) >= freeBody && !held {
				select {
				case largeBody <- struct{}{}:
					held = true
				case <-ctx.Done():
					return nil, ctx.Err()
				}
			}
			buf = append(buf, 0)[:len(buf)]
		}
		// Read at most one byte past the limit: enough to know it was passed.
		end := min(int64(cap(buf)), limit+1)
		n, err := resp.Body.Read(buf[len(buf):end])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return nil, tooLarge(limit)
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// size writes a byte count the way the README states the limits.
func size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

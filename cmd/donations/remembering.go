package main

import (
	"context"

	"donations/dataset"
)

// remembering teaches the client what the account's store remembers of
// its server (order, page size, date form) and, when the account is
// closed, keeps there what the command learned: list and summary online
// then send the form that worked at once in the next process. A failure
// to keep it costs the next process a request, so it is not an error.
func (acct *account) remembering(ctx context.Context) {
	dataset.Recall(ctx, acct.store, acct.client)
	done := acct.close
	acct.close = func() {
		_ = dataset.Remember(context.WithoutCancel(ctx), acct.store, acct.client)
		done()
	}
}

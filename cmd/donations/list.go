package main

import (
	"context"
	"fmt"
	"net/url"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"donations/api"
	"donations/ask"
	"donations/dataset"
	"donations/export"
)

type listOptions struct {
	ask                        askFlags
	q                          ask.Question // read from ask when the command runs
	perPage                    int
	format, order              string
	pages, newest, concurrency int
	offline                    bool
	bom                        bomChoice
}

func listCommand(a *app) *cobra.Command {
	o := listOptions{concurrency: export.DefaultConcurrency}
	c := &cobra.Command{
		Use:   "list [filters] [flags]",
		Short: "Write matching donations to stdout, page by page",
		Long:  `Stream matching donations to stdout as pages arrive, for scripts and spreadsheets. ndjson is one donation per line exactly as the server sent it; csv has a header row of the API's field names. Errors go to stderr only.`,
		Example: `  donations list --demo --format ndjson | wc -l
  donations list --demo --email ada.lovelace@example.org
  donations list --demo --campaign-id 104 --format csv > tributes.csv
  donations list --demo --newest 10 --format table
  donations list --demo --order newest --format ndjson | head -100
  donations list --demo --since 2026-10-01 --status refunded --format csv
  donations list --demo --search "zoe lef" --sort -amount`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 0 {
				return fmt.Errorf("unexpected argument %q (filters are flags: --email, --first-name, ...)", args[0])
			}
			return nil
		},
		RunE: func(c *cobra.Command, _ []string) error { return ran(runList(c.Context(), a, o)) },
	}
	fs := c.Flags()
	choiceVar(c, &o.format, "format", export.Formats, "table, json, ndjson or csv (default: table on a terminal, ndjson otherwise)")
	intVar(fs, &o.perPage, "per-page", 1, api.MaxPerPage, "page size, 1..100 (default 100)")
	intVar(fs, &o.pages, "pages", 0, 0, "stop after N pages (0 = all)")
	intVar(fs, &o.newest, "newest", 1, 0, "the N most recent donations, newest first (oldest first with --order oldest)")
	choiceVar(c, &o.order, "order", listOrders, orderUsage)
	intVar(fs, &o.concurrency, "concurrency", 1, 16, "pages fetched at once when reading many, 1..16")
	o.bom.define(c)
	fs.BoolVar(&o.offline, "offline", false, "answer from the local store (donations sync fills it): no request at all")
	o.ask.define(c, true)
	return c
}

// outputFormat is the format asked for, or by default the table on a
// terminal and piped otherwise; and the width a table fits (0: piped).
func outputFormat(a *app, asked, piped string) (string, int) {
	width, tty := 0, false
	if f := a.terms.out; f != nil {
		tty = true
		width, _, _ = term.GetSize(f.Fd())
	}
	switch {
	case asked != "":
		return asked, width
	case tty:
		return "table", width
	}
	return piped, width
}

func runList(ctx context.Context, a *app, o listOptions) error {
	w, err := o.writer(ctx, a)
	if err != nil {
		return err
	}
	o.ask.fiscalStart = fiscalStart(ctx, a, 0) // the profile's
	if o.q, err = o.ask.question(a.now()); err != nil {
		return err
	}
	w = o.ordered(w)
	o.q.Query.PerPage = o.perPage
	// The server's own order is written as its pages come; --sort (by date
	// too) and --order oldest need a store to order them.
	from := dataset.SourceFor(o.q, dataset.Holding{Offline: o.offline, Stream: !o.sorted() && o.ask.sort == ""})
	if from == dataset.FromStore {
		return listOffline(ctx, a, o, w)
	}
	acct, err := connect(ctx, a, hooks{onWait: waitNotice(a.env)})
	if err != nil {
		return err
	}
	acct.remembering(ctx)
	defer acct.close()
	if from == dataset.FromScratch {
		return listLocal(ctx, a, acct, o, w)
	}
	return listStream(ctx, a, acct, o, w)
}

// writer is the writer of the format asked for (outputFormat), once the
// flags that go with it are checked.
func (o *listOptions) writer(ctx context.Context, a *app) (export.Writer, error) {
	var width int
	o.format, width = outputFormat(a, o.format, "ndjson")
	if o.newest > 0 && o.ask.sort != "" {
		return nil, usageError("--newest is newest first already; drop --sort, or --newest")
	}
	if _, err := o.newestFirst(); err != nil {
		return nil, err
	}
	return export.New(o.format, o.bom.out(ctx, a, o.format), width)
}

// listStream writes the server's pages as they come.
func listStream(ctx context.Context, a *app, acct *account, o listOptions, w export.Writer) error {
	lim := export.Limits{Pages: o.pages}
	if o.newest > 0 {
		lim = export.Limits{Donations: o.newest}
	}
	p := acct.client.Pager(o.q.Query, o.pagerOrder())
	p.SetConcurrency(o.concurrency)
	p.SetPageLimit(lim.Pages) // none where --newest stops on donations instead
	n, err := export.Stream(ctx, p, w, lim, nil)
	p.Close() // before anything is reported: no request may log after it
	for _, warn := range p.Warnings() {
		fmt.Fprintln(a.stderr, "donations: warning:", warn)
	}
	if perr := p.Partial(); err == nil && perr != nil {
		// A script must not take a part of the list for the whole.
		err = fmt.Errorf("the list is partial, %d donations written: %w", n, perr)
	}
	return finishList(a, o, w, n, err)
}

// listLocal answers filters only a store applies: the pages they need go
// into a store in memory, which answers as the account's store would.
func listLocal(ctx context.Context, a *app, acct *account, o listOptions, w export.Writer) error {
	st, err := loadIntoMemory(ctx, acct.client, o.q.Query, o.q.Filter.Dates, o.concurrency, a.stderr, nil)
	if err != nil {
		w.Close()
		return err
	}
	defer st.Close()
	n, err := answer(ctx, st, o, dataset.FromScratch, w)
	return finishList(a, o, w, n, err)
}

func hostOf(raw string) string {
	if u, err := url.Parse(raw); err == nil {
		return u.Host
	}
	return raw
}

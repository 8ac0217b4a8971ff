package main

import (
	"context"
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"donations/api"
	"donations/ask"
	"donations/dataset"
	"donations/export"
	"donations/query"
	"donations/report"
	"donations/suggest"
)

type summaryOptions struct {
	ask         askFlags
	q           ask.Question // read from ask when the command runs
	by          []string
	sort        string // a query.GroupOrders name, "-" in front for descending
	top         int
	format      string
	offline     bool
	allStatuses bool
	concurrency int
	fiscalStart int // --fiscal-start; 0: the profile's
	bom         bomChoice
	// plans reads the server's plans too into the store in memory: the
	// recurring report reads them where the server has them.
	plans bool
}

func summaryCommand(a *app) *cobra.Command {
	o := summaryOptions{concurrency: export.DefaultConcurrency, sort: "group"}
	c := &cobra.Command{
		Use:   "summary --by KEY [--by KEY] [filters] [flags]",
		Short: "Count and add up donations by form, status, month, donor...",
		Long: `Count the matching donations and add up their amounts, exactly, per currency and as converted, by one key or two (--by twice).

Keys: ` + strings.Join(query.GroupKeys, ", ") + `. Days, weeks (from Monday) and months are in the local time zone (TZ). Only paid gifts count, as in donations report (a refunded gift is not paid): --status names the statuses that count instead, --all-statuses counts every status, refunded too; what is left out is said on stderr (--by status too: add --all-statuses to see every status). --dates takes the browser's words ("last month", "this year").

Each group has its share of the whole selection: of the count, and of the converted total (none where the selection converts to several currencies). --sort orders the groups by count, amount (the converted total) or group (the keys, the default), descending with - in front. --top N keeps the first N groups after sorting (without --sort, the largest converted totals first) and adds up the rest in one "other (M groups)" row, so the total stays whole. The table ends with the total and the recurring part of it (--by recurring gives the same numbers as JSON or CSV).

--format json writes an array of {"group", "count", "amounts", "converted", "share_count", "share_converted"}, the sums as exact decimal text keyed by upper-case currency, the shares as percents (two decimals; share_converted null where it has no meaning); for two keys, group is an array; the "other" row has "others", the number of groups it adds up. csv has a column per currency, then share_count and share_converted.`,
		Example: `  donations summary --demo --by form --dates "last month" --sort -amount --top 5
  donations summary --demo --by form
  donations summary --demo --by month --status paid --since 2026-01-01
  donations summary --demo --by status --by currency --format json
  donations summary --offline --by donor --format csv > donors.csv`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if o.top > 0 && !c.Flags().Changed("sort") {
				o.sort = "-amount" // "top" reads as the largest, not the first by name
			}
			return ran(runSummary(c.Context(), a, o))
		},
	}
	fs := c.Flags()
	fs.Var(listFlag{&o.by}, "by", "group by "+strings.Join(query.GroupKeys, ", ")+" (twice for two levels)")
	_ = c.RegisterFlagCompletionFunc("by", cobra.FixedCompletions(query.GroupKeys, cobra.ShellCompDirectiveNoFileComp))
	choiceVar(c, &o.sort, "sort", groupSorts(), "order the groups by "+strings.Join(query.GroupOrders, ", ")+"; -amount for descending")
	intVar(fs, &o.top, "top", 0, 0, "keep the first N groups after sorting (without --sort: the largest amounts); the rest add up in one \"other\" row, so the total stays whole (0: every group)")
	choiceVar(c, &o.format, "format", export.SummaryFormats, "table, json or csv (default: table on a terminal, json otherwise)")
	intVar(fs, &o.concurrency, "concurrency", 1, 16, "pages fetched at once, 1..16")
	fs.BoolVar(&o.allStatuses, "all-statuses", false, "count every status, refunded too, not only paid")
	fs.BoolVar(&o.offline, "offline", false, "answer from the local store (donations sync fills it): no request at all")
	monthVar(fs, &o.fiscalStart, "fiscal-start", "the month fiscal years start in, for --dates \"fiscal 2026\": 1..12 or its name (default: the profile's fiscal_start, else January)")
	o.bom.define(c)
	o.ask.define(c, false)
	return c
}

func runSummary(ctx context.Context, a *app, o summaryOptions) error {
	if err := o.read(ctx, a); err != nil {
		return err
	}
	var width int
	o.format, width = outputFormat(a, o.format, "json")
	local, done, err := o.open(ctx, a)
	if err != nil {
		return err
	}
	defer done()
	st := local
	whole := o.fromStore()
	err = checkValues(ctx, o.q, local, holdsAccount(o.q, whole))
	f, left := o.q.Store(whole), ""
	if err == nil {
		f, left, err = counted(ctx, st, f, o.allStatuses)
	}
	n, formAt, formNamed := 0, slices.Index(o.by, "form"), false
	s := report.Summary{By: o.by, Order: strings.TrimPrefix(o.sort, "-"), Desc: strings.HasPrefix(o.sort, "-"), Top: o.top, Fresh: true,
		Groups: func(fn func(dataset.Group) error) error {
			return st.EachGroup(ctx, f, o.by, a.now().Location(), func(g dataset.Group) error {
				n++
				formNamed = formNamed || formAt >= 0 && g.Key[formAt] != ""
				return fn(g)
			})
		}}
	if err == nil {
		s.Whole, err = st.Whole(ctx, f)
	}
	if err == nil {
		defer lessCollecting(o.sort)()
		err = export.WriteSummary(o.bom.out(ctx, a, o.format), o.format, s, width)
	}
	if err == nil {
		all, _ := s.WholeRows()
		o.sayAside(a, all, left)
	}
	if err == nil && formAt >= 0 && n > 0 && !formNamed {
		var note string
		if note, err = campaignsInstead(ctx, st, f); note != "" {
			fmt.Fprintln(a.stderr, "donations summary: "+note)
		}
	}
	if err == nil && n == 0 {
		noteEmpty(a, "summary", o.q)
	}
	return err
}

// sayAside says on stderr what the totals of whole leave out or count
// apart: statuses not counted (left), amounts that are no number, refunds
// in part.
func (o summaryOptions) sayAside(a *app, whole report.SummaryRow, left string) {
	if left != "" {
		fmt.Fprintln(a.stderr, "donations summary: "+o.leftOutNote()+left)
	}
	if note := export.NoNumberNote(whole); note != "" {
		fmt.Fprintln(a.stderr, "donations summary: "+note)
	}
	if less := export.LessRefunded(whole); less != "" {
		fmt.Fprintln(a.stderr, "donations summary: the totals count gifts refunded in part "+less)
	}
}

// read reads o's question, its fiscal years starting in the month
// --fiscal-start names (left unsaved: only report keeps it) or else the
// profile's, and checks the flags agree.
func (o *summaryOptions) read(ctx context.Context, a *app) error {
	o.ask.fiscalStart = o.fiscalStart
	if o.fiscalStart == 0 {
		o.ask.fiscalStart = fiscalStart(ctx, a, 0)
	}
	var err error
	if o.q, err = o.ask.question(a.now()); err != nil {
		return err
	}
	if o.allStatuses && len(o.q.Filter.Statuses) > 0 {
		return usageError("give --status or --all-statuses, not both")
	}
	if msg := o.check(); msg != "" {
		return usageError(msg)
	}
	return nil
}

// lessCollecting lets the heap grow to five times what is live, rather
// than twice, while a summary in key order streams, and is what puts it
// back. Streaming, it holds only a batch of groups and a buffer, and
// allocates as much as it reads, so at GOGC 100 the collector would be
// much of a summary by donor and day (docs/performance.md). Sorted, it
// holds every group, which may be gigabytes by donor and day, and a GOGC
// the user set is theirs: both are left alone.
func lessCollecting(sort string) func() {
	if sort != "group" || os.Getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(400)
	return func() { debug.SetGCPercent(old) }
}

// leftOutNote leads the words for the statuses not counted: a break-down
// by status that shows only the paid group surprises, so it says why.
func (o summaryOptions) leftOutNote() string {
	note := "not counted (--all-statuses or --status count them): "
	if slices.Contains(o.by, "status") {
		return "--by status groups only the statuses counted; " + note
	}
	return note
}

// groupSorts are the orders --sort takes, both directions.
func groupSorts() []string {
	var out []string
	for _, o := range query.GroupOrders {
		out = append(out, o, "-"+o)
	}
	return out
}

// check says what is wrong with the keys asked for, if anything.
func (o summaryOptions) check() string {
	if len(o.by) == 0 || len(o.by) > 2 {
		return "give --by once or twice (" + strings.Join(query.GroupKeys, ", ") + ")"
	}
	for i, b := range o.by {
		if !slices.Contains(query.GroupKeys, b) {
			return fmt.Sprintf("--by: %q is not one of %s%s", b, strings.Join(query.GroupKeys, ", "), suggest.DidYouMean(b, query.GroupKeys))
		}
		if slices.Contains(o.by[:i], b) {
			return fmt.Sprintf("--by: %q is given twice", b)
		}
	}
	return ""
}

// fromStore says whether the account's store answers (dataset.SourceFor:
// offline), rather than one in memory filled with the pages the filters
// need; the store then applies the API's filters too.
func (o summaryOptions) fromStore() bool {
	return dataset.SourceFor(o.q, dataset.Holding{Offline: o.offline}) == dataset.FromStore
}

// open is the store that answers, as fromStore says.
func (o summaryOptions) open(ctx context.Context, a *app) (dataset.Local, func(), error) {
	if o.fromStore() {
		path, err := offlineStore(ctx, a)
		if err != nil {
			return dataset.Local{}, nil, err
		}
		st, err := openSynced(ctx, a, path)
		if err != nil {
			return dataset.Local{}, nil, err
		}
		noteCoverage(ctx, a, st, o.q.Filter.Dates)
		return st, func() { st.Close() }, nil
	}
	h, line := terminalHooks(a)
	acct, err := connect(ctx, a, h)
	if err != nil {
		return dataset.Local{}, nil, err
	}
	acct.remembering(ctx)
	st, err := loadIntoMemory(ctx, acct.client, o.q.Query, o.q.Filter.Dates, o.concurrency, a.stderr, line)
	if err != nil {
		acct.close()
		return dataset.Local{}, nil, err
	}
	if o.plans {
		// A read cut short leaves none held: the report then says its
		// plans were guessed, and why.
		if _, err := dataset.ReadKind[api.Plan](ctx, st, acct.client, api.KindQuery{}); err != nil {
			st.Close()
			acct.close()
			return dataset.Local{}, nil, err
		}
	}
	return st, func() { st.Close(); acct.close() }, nil
}

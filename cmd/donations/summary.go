package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"donations/api"
	"donations/export"
	"donations/store"
)

type summaryOptions struct {
	q           api.Query
	ask         askFlags
	by          []string
	format      string
	offline     bool
	concurrency int
}

func summaryCommand(a *app) *cobra.Command {
	o := summaryOptions{concurrency: export.DefaultConcurrency}
	c := &cobra.Command{
		Use:   "summary --by KEY [--by KEY] [filters] [flags]",
		Short: "Count and add up donations by form, status, month, donor...",
		Long: `Count the matching donations and add up their amounts, exactly, per currency and as converted, by one key or two (--by twice).

Keys: ` + strings.Join(store.GroupKeyNames, ", ") + `. Days, weeks (from Monday) and months are in the local time zone (TZ). Every status counts unless --status says otherwise.

--format json writes an array of {"group", "count", "amounts", "converted"}, the sums as exact decimal text keyed by upper-case currency; for two keys, group is an array. csv has a column per currency.`,
		Example: `  donations summary --demo --by form
  donations summary --demo --by month --status paid --since 2026-01-01
  donations summary --demo --by status --by currency --format json
  donations summary --offline --by donor --format csv > donors.csv`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error { return status(runSummary(c.Context(), a, o)) },
	}
	fs := c.Flags()
	fs.Var(listFlag{&o.by}, "by", "group by "+strings.Join(store.GroupKeyNames, ", ")+" (twice for two levels)")
	_ = c.RegisterFlagCompletionFunc("by", cobra.FixedCompletions(store.GroupKeyNames, cobra.ShellCompDirectiveNoFileComp))
	choiceVar(c, &o.format, "format", export.SummaryFormats, "table, json or csv (default: table on a terminal, json otherwise)")
	textVar(fs, &o.q.Email, "email", "donor e-mail")
	textVar(fs, &o.q.FirstName, "first-name", "donor first name")
	textVar(fs, &o.q.LastName, "last-name", "donor last name")
	intVar(fs, &o.q.CampaignID, "campaign-id", 1, 0, "campaign id")
	intVar(fs, &o.q.ID, "id", 1, 0, "donation id")
	intVar(fs, &o.concurrency, "concurrency", 1, 16, "pages fetched at once, 1..16")
	fs.BoolVar(&o.offline, "offline", false, "answer from the local store (donations sync fills it): no request at all")
	o.ask.define(c, false)
	return c
}

func runSummary(ctx context.Context, a *app, o summaryOptions) int {
	if msg := o.check(); msg != "" {
		fmt.Fprintln(a.stderr, "donations summary: "+msg+"\n  donations summary --help")
		return exitConfig
	}
	now := time.Now()
	r, err := o.ask.dates(now)
	if err != nil {
		fmt.Fprintln(a.stderr, "donations summary:", err)
		return exitConfig
	}
	var width int
	o.format, width = outputFormat(a, o.format, "json")
	st, done, code := o.open(ctx, a, r)
	if st == nil {
		return code
	}
	defer done()
	f, _ := o.ask.filter(o.q, o.offline, now)
	groups, err := st.Groups(ctx, f, o.by, time.Local)
	if err == nil {
		err = export.WriteSummary(a.stdout, o.format, o.by, groups, width)
	}
	if err != nil {
		return reportError(a.env, err)
	}
	return exitOK
}

// check says what is wrong with the keys asked for, if anything.
func (o summaryOptions) check() string {
	if len(o.by) == 0 || len(o.by) > 2 {
		return "give --by once or twice (" + strings.Join(store.GroupKeyNames, ", ") + ")"
	}
	for _, b := range o.by {
		if !slices.Contains(store.GroupKeyNames, b) {
			return fmt.Sprintf("--by: %q is not one of %s", b, strings.Join(store.GroupKeyNames, ", "))
		}
	}
	if o.offline && o.q.CampaignID != 0 {
		return "--campaign-id needs the server (donations hold no campaign id); drop --offline"
	}
	return ""
}

// open is the store that answers: the account's synced one offline, else
// one in memory filled with the pages the filters need.
func (o summaryOptions) open(ctx context.Context, a *app, r api.DateRange) (*store.Store, func(), int) {
	if o.offline {
		path, err := offlineStore(ctx, a)
		if err != nil {
			return nil, nil, reportError(a.env, err)
		}
		st, err := openSynced(ctx, path)
		if err != nil {
			return nil, nil, reportError(a.env, err)
		}
		noteCoverage(ctx, a, st, r)
		return st, func() { st.Close() }, exitOK
	}
	a.g.onWait = waitNotice(a.env)
	acct, err := connect(ctx, a)
	if err != nil {
		return nil, nil, reportError(a.env, err)
	}
	st, err := loadIntoMemory(ctx, acct.client, o.q, r, o.concurrency, a.stderr)
	if err != nil {
		acct.close()
		return nil, nil, reportError(a.env, err)
	}
	return st, func() { st.Close(); acct.close() }, exitOK
}

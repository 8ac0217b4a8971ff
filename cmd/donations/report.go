package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"donations/export"
	"donations/report"
	"donations/suggest"
)

// reportNames are the reports `donations report` makes.
var reportNames = report.Names

type reportOptions struct {
	summary     summaryOptions // the question, --offline and --concurrency, and how summary opens a store
	name        string
	year        int
	fiscalStart int
	allStatuses bool
	bands       string
	by          string
	withLYBUNT  bool
	format      string
}

func reportCommand(a *app) *cobra.Command {
	o := reportOptions{summary: summaryOptions{concurrency: export.DefaultConcurrency}}
	c := &cobra.Command{
		Use:   "report " + strings.Join(reportNames, "|") + " [filters] [flags]",
		Short: "Fundraising reports: LYBUNT, SYBUNT, retention, recurring, year over year, gift ranges",
		Long: `Fundraising reports over the donors' giving by year. A donor is a lower-case e-mail; gifts with no e-mail are counted apart and said so.

  lybunt     donors who gave last year but not (yet) this year, the largest last year's total first
  sybunt     donors who gave some year before last year, but neither last year nor this year, the largest lifetime total first (--include-lybunt: last year's donors too, as Salesforce's NPSP counts them)
  retention  this year against last (the Fundraising Effectiveness Project's figures): retained, new, recaptured and lost donors, and the retention rates, of donors and of amounts
  recurring  where the server has plans: the plans that stopped in the year (cancelled or failed, their last gift in it), with the active plans' monthly value per currency, and notes where the plans and the gifts held disagree; elsewhere guessed from the gifts: the recurring donors who stopped (no gift for two of their plan's intervals; a gift with no interval is taken as monthly), with the active donors and their monthly value. The first line says which
  yoy        this year against last, month by month and to date: gifts and amounts
  ranges     a gift range table: the donors by what they gave in the year, or with --by gift each gift by its size (--bands: a band from its lower end up to, not including, the next), and where the money comes from

Years are calendar years unless --fiscal-start MONTH (or fiscal_start in the profile) says when they start; a fiscal year is named by the year it ends in. --year picks the year (default: the current one); a year not over is "so far".

Only paid gifts count (a refunded gift is not paid): --status names the statuses that count instead, --all-statuses counts every status but refunded. Amounts are the converted ones, in the currency most gifts convert to; gifts with no conversion are counted in their own currency, apart. Every filter of list and summary applies. The table ends with what was counted and left out; csv, json and ndjson say it on stderr.`,
		Example: `  donations report lybunt --demo
  donations report retention --demo --year 2025
  donations report yoy --demo --fiscal-start 7
  donations report ranges --offline --bands 0,50,500,5000 --format csv`,
		Args:      cobra.MatchAll(cobra.ExactArgs(1), reportArg),
		ValidArgs: reportNames,
		RunE: func(c *cobra.Command, args []string) error {
			o.name = args[0]
			return ran(runReport(c.Context(), a, o))
		},
	}
	fs := c.Flags()
	intVar(fs, &o.year, "year", 1900, 9999, "the year reported (default: the current one)")
	monthVar(fs, &o.fiscalStart, "fiscal-start", "the month years start in, 1..12 or its name (default: the profile's fiscal_start, else January)")
	fs.BoolVar(&o.allStatuses, "all-statuses", false, "count every status but refunded, not only paid")
	fs.StringVar(&o.bands, "bands", "", "ranges: the bands' lower ends, whole units, ascending (default "+bandsText(report.DefaultBands)+")")
	choiceVar(c, &o.by, "by", rangesBy, "ranges: band each donor by their year's total (donor, the default) or each gift by its size (gift)")
	fs.BoolVar(&o.withLYBUNT, "include-lybunt", false, "sybunt: count last year's donors too, as Salesforce's Nonprofit Success Pack does (default: only those whose last gift is older)")
	choiceVar(c, &o.format, "format", export.ReportFormats, "table, csv, json or ndjson (default: table on a terminal, json otherwise)")
	intVar(fs, &o.summary.concurrency, "concurrency", 1, 16, "pages fetched at once, 1..16")
	fs.BoolVar(&o.summary.offline, "offline", false, "answer from the local store (donations sync fills it): no request at all")
	o.summary.bom.define(c)
	o.summary.ask.define(c, false)
	return c
}

// rangesBy are what the gift range table bands: donors or gifts.
var rangesBy = []string{"donor", "gift"}

// reportArg refuses a report that is not one of reportNames.
func reportArg(_ *cobra.Command, args []string) error {
	if !slices.Contains(reportNames, args[0]) {
		return fmt.Errorf("%q is not a report (%s)%s", args[0], strings.Join(reportNames, ", "), suggest.DidYouMean(args[0], reportNames))
	}
	return nil
}

func bandsText(b []int64) string {
	s := make([]string, len(b))
	for i, v := range b {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, ",")
}

func runReport(ctx context.Context, a *app, o reportOptions) error {
	q, bands, err := o.query(ctx, a, a.now())
	if err != nil {
		return err
	}
	var width int
	o.format, width = outputFormat(a, o.format, "json")
	o.summary.plans = o.name == "recurring"
	local, done, err := o.summary.open(ctx, a)
	if err != nil {
		return err
	}
	defer done()
	if err := checkValues(ctx, o.summary.q, local, o.summary.fromStore()); err != nil {
		return err
	}
	res, err := local.Report(ctx, o.name, q, bands)
	if err != nil {
		return err
	}
	r := export.ReportOf(res, q.Running(q.Zone), o.countOthers())
	r.Width = width
	if o.format == "table" {
		return export.WriteReport(a.stdout, o.format, r)
	}
	if err := export.WriteReport(o.summary.bom.out(ctx, a, o.format), o.format, r); err != nil {
		return err
	}
	var head []string
	if r.Headline != nil {
		head = r.Headline()
	}
	for _, line := range slices.Concat(head, r.Notes()) {
		fmt.Fprintln(a.stderr, "donations report: "+line)
	}
	return nil
}

// countOthers is the words for counting the statuses a report left out.
// Under --all-statuses only --status counts the refunded gifts: naming the
// flag already given would send the reader round in a circle.
func (o *reportOptions) countOthers() string {
	if o.allStatuses {
		return "--status counts them"
	}
	return "--status or --all-statuses count them"
}

// query is the report's question from the flags and the profile, read at now.
func (o *reportOptions) query(ctx context.Context, a *app, now time.Time) (report.Query, []int64, error) {
	fs := fiscalStart(ctx, a, o.fiscalStart)
	o.summary.ask.fiscalStart = fs // "fiscal 2026" in --dates is the reports' year
	aq, err := o.summary.ask.question(now)
	if err != nil {
		return report.Query{}, nil, err
	}
	o.summary.q = aq
	if o.allStatuses && len(aq.Filter.Statuses) > 0 {
		return report.Query{}, nil, usageError("give --status or --all-statuses, not both")
	}
	bands := report.DefaultBands
	if o.bands != "" {
		if bands, err = report.ParseBands(o.bands); err != nil {
			return report.Query{}, nil, usageError("--bands: " + err.Error())
		}
	}
	q := report.Query{Filter: aq.Store(o.summary.fromStore()), Year: o.year, FiscalStart: fs, AllStatuses: o.allStatuses, Now: now,
		ByGift: o.by == "gift", WithLYBUNT: o.withLYBUNT, Zone: now.Location()}
	if q.Year == 0 {
		q.Year = report.FiscalYearOf(now, fs)
	}
	return q, bands, nil
}

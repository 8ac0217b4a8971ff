package main

import (
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"donations/api"
	"donations/dataset"
	"donations/export"
	"donations/query"
)

// kindSpec is what a command over one of the other kinds of records says
// of itself, beside what every such command takes.
type kindSpec struct {
	kind           api.RecordKind
	short, long    string
	example        string
	next           bool     // --next-before
	offlineFilters []string // the server's filters the store applies too, offline
}

// kindOptions are the flags of a kind's command.
type kindOptions struct {
	spec    kindSpec
	format  string
	offline bool
	bom     bomChoice
	sent    map[string]*string // the server's filters, by their names in the API
	filter  dataset.KindFilter // the store's own
}

// kindLong is what every kind's command does, after what it lists.
const kindLong = `

Reads the whole list from the server into the account's local store, then writes what the store's own filters select (--status, --search, --sort ...). The server's own filters (--email, --campaign-id ...) are sent to it; the answer then goes into a store in memory, and the account's store is left as it was. --offline answers from the local store (donations sync reads every kind the server has), with no request. A server without this endpoint (the spec's server lists donations only) is said in one line, and nothing is listed: that is no error.

ndjson and json are the records exactly as the server sent them; table and csv a few columns.`

var kindSpecs = map[string]kindSpec{
	"plans": {kind: api.PlansKind, short: "List recurring plans: status, amount, last and next gift",
		long:    "List the recurring plans: how often and how much, when each started, its last and next gift, and whether it is active, cancelled or failed.",
		example: "  donations plans --demo --demo-shape donorbox --status failed\n  donations plans --demo --demo-shape donorbox --next-before 2026-12-01 --sort next\n  donations plans --email ada.lovelace@example.org --format ndjson\n  donations plans --offline --status active --format csv > active.csv",
		next:    true, offlineFilters: []string{"email", "donor_id", "campaign_id"}},
	"campaigns": {kind: api.CampaignsKind, short: "List campaigns with their goal and what they raised",
		long:           "List the campaigns: each one's goal, what it raised and how many gifts.",
		example:        "  donations campaigns --demo --demo-shape donorbox --sort -raised\n  donations campaigns --offline --search spring --format json",
		offlineFilters: []string{"id"}},
	"donors": {kind: api.DonorsKind, short: "List donors with their gifts, last gift and totals",
		long:           "List the donors as the server counts them: their gifts, their last gift and what they gave in each currency.",
		example:        "  donations donors --demo --demo-shape donorbox --sort -count\n  donations donors --email ada.lovelace@example.org",
		offlineFilters: []string{"id", "email"}},
	"events": {kind: api.EventsKind, short: "List ticketed events",
		long:    "List the ticketed events: what each raised and how many tickets it sold.",
		example: "  donations events --demo --demo-shape donorbox --format ndjson"},
	"tickets": {kind: api.TicketsKind, short: "List the tickets sold for events",
		long:           "List the tickets sold for events, each with its buyer and payment status.",
		example:        "  donations tickets --demo --demo-shape donorbox --payment-status paid --format ndjson",
		offlineFilters: []string{"payment_status"}},
	"purchases": {kind: api.PurchasesKind, short: "List the purchases of tickets",
		long:           "List the purchases of tickets for events: amount, refunds, status and date.",
		example:        "  donations purchases --demo --demo-shape donorbox --format ndjson",
		offlineFilters: []string{"payment_status"}},
}

func plansCommand(a *app) *cobra.Command { return kindCommand[api.Plan](a, kindSpecs["plans"]) }
func campaignsCommand(a *app) *cobra.Command {
	return kindCommand[api.Campaign](a, kindSpecs["campaigns"])
}
func donorsCommand(a *app) *cobra.Command  { return kindCommand[api.Donor](a, kindSpecs["donors"]) }
func eventsCommand(a *app) *cobra.Command  { return kindCommand[api.Event](a, kindSpecs["events"]) }
func ticketsCommand(a *app) *cobra.Command { return kindCommand[api.Ticket](a, kindSpecs["tickets"]) }
func purchasesCommand(a *app) *cobra.Command {
	return kindCommand[api.Purchase](a, kindSpecs["purchases"])
}

// kindCommand is the command that lists the Ts.
func kindCommand[T api.KindRecord](a *app, spec kindSpec) *cobra.Command {
	o := &kindOptions{spec: spec, sent: map[string]*string{}}
	c := &cobra.Command{
		Use:     spec.kind.Name + " [filters] [flags]",
		Short:   spec.short,
		Long:    spec.long + kindLong,
		Example: spec.example,
		Args:    noArgs,
		RunE:    func(c *cobra.Command, _ []string) error { return ran(runKind[T](c.Context(), a, o)) },
	}
	fs := c.Flags()
	choiceVar(c, &o.format, "format", export.ReportFormats, "table, csv, json or ndjson (default: table on a terminal, ndjson otherwise)")
	fs.BoolVar(&o.offline, "offline", false, "answer from the local store (donations sync fills it): no request at all")
	o.bom.define(c)
	for _, name := range spec.kind.Filters {
		o.sent[name] = new(string)
		fs.StringVar(o.sent[name], kindFlag(name), "", sentUsage(name))
	}
	if statuses := query.KindStatusesOf(spec.kind.Name); len(statuses) > 0 {
		choiceVar(c, &o.filter.Status, "status", statuses, strings.Join(statuses, ", ")+" (the store's own filter)")
	}
	if spec.next {
		fs.Var(momentFlag{&o.filter.Next.Until}, "next-before", "the plans whose next gift is before this date (the store's own filter)")
	}
	fs.StringVar(&o.filter.Search, "search", "", "words found in the names, e-mail or campaign, ignoring case and accents (the store's own filter)")
	var sorts []string
	for _, s := range query.KindSortsOf(spec.kind.Name) {
		sorts = append(sorts, s, "-"+s)
	}
	choiceVar(c, &o.filter.Sort, "sort", sorts, "the order: "+strings.Join(query.KindSortsOf(spec.kind.Name), ", ")+"; -name for the largest first (default: id)")
	fs.StringVar(&o.filter.Currency, "currency", "", "with --sort amount, goal or raised: rank the sums in this currency (USD), the records in others after them by id")
	return c
}

// kindFlag is the flag of the server's filter name: date_from is --date-from.
func kindFlag(name string) string { return strings.ReplaceAll(name, "_", "-") }

// sentUsage is the help of the flag of the server's filter name.
func sentUsage(name string) string {
	what := map[string]string{"email": "the e-mail", "id": "the id", "name": "the name", "first_name": "the first name",
		"last_name": "the last name", "donor_id": "the donor's id", "campaign_id": "the campaign's id",
		"campaign_name": "the campaign's name", "date_from": "started on or after this date", "date_to": "started before this date",
		"payment_status": "the payment status"}[name]
	return what + " (sent to the server)"
}

// storeFilter is the store's filter with the server's filters given, for
// --offline: each that the store applies too, or a usage error naming one
// it cannot.
func (o *kindOptions) storeFilter() (dataset.KindFilter, error) {
	f := o.filter
	for _, name := range o.spec.kind.Filters {
		v := strings.TrimSpace(*o.sent[name])
		if v == "" {
			continue
		}
		if !slices.Contains(o.spec.offlineFilters, name) {
			return f, usageError("--" + kindFlag(name) + " is the server's filter, which --offline does not ask; use --search, or leave --offline out")
		}
		switch name {
		case "email":
			f.Email = v
		case "payment_status":
			f.Status = query.PaymentStatusHeld(v)
		default:
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n <= 0 {
				return f, usageError("--" + kindFlag(name) + " " + strconv.Quote(v) + " is not an id (a whole number)")
			}
			switch {
			case name == "donor_id" || name == "id" && o.spec.kind.Name == api.DonorsKind.Name:
				f.DonorID = n
			default:
				f.CampaignID = n
			}
		}
	}
	return f, nil
}

// sentFilters are the server's filters given, in the endpoint's order.
func (o *kindOptions) sentFilters() []api.Filter {
	var out []api.Filter
	for _, name := range o.spec.kind.Filters {
		if v := strings.TrimSpace(*o.sent[name]); v != "" {
			out = append(out, api.Filter{Name: name, Value: v})
		}
	}
	return out
}

package main

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"donations/api"
	"donations/store"
)

// askFlags are the filters the API cannot apply, and the sort: list and
// summary take the same ones, and both answer them with a store query
// (the account's store offline; one in memory, filled from the API, online).
type askFlags struct {
	since, until         string
	statuses             []string
	minAmount, maxAmount *api.Decimal
	search               string
	currency, form       string
	recurring            store.Tri
	sort                 string // a store.Sorts key, "-" in front for descending
}

func (f *askFlags) define(c *cobra.Command, sort bool) {
	fs := c.Flags()
	dateVar(fs, &f.since, "since", "from this date on: 2026-03-01, 2026-03-01T09:30, today, 7d, 30d")
	dateVar(fs, &f.until, "until", "up to this date, which is included: 2026-03-31, today, ...")
	fs.Var(listFlag{&f.statuses}, "status", "only this status (repeat, or comma-separated, for any of several)")
	fs.Var(amountFlag{&f.minAmount}, "min-amount", "at least this amount, whatever the currency")
	fs.Var(amountFlag{&f.maxAmount}, "max-amount", "at most this amount, whatever the currency")
	textVar(fs, &f.search, "search", "parts of names, e-mail, form, city, honoree, status, amount, date or id, ignoring case and accents")
	textVar(fs, &f.currency, "currency", "only this currency (USD, EUR...)")
	textVar(fs, &f.form, "form", "only this form, by its whole name")
	fs.Var(triFlag{&f.recurring}, "recurring", "yes: only recurring gifts; no: only one-time ones")
	if sort {
		fs.Var(sortFlag{&f.sort}, "sort", "order by date, amount, name, email, status, form or id; -amount for descending")
		_ = c.RegisterFlagCompletionFunc("sort", cobra.FixedCompletions(sortChoices(), cobra.ShellCompDirectiveNoFileComp))
	}
}

// local says whether any of them is set: the answer then needs a store.
func (f *askFlags) local() bool {
	return f.since != "" || f.until != "" || len(f.statuses) > 0 || f.minAmount != nil || f.maxAmount != nil ||
		f.search != "" || f.currency != "" || f.form != "" || f.recurring != store.Any || f.sort != ""
}

// dates is the --since/--until range, read at now.
func (f *askFlags) dates(now time.Time) (api.DateRange, error) {
	return api.ParseDateRange(f.since, f.until, now)
}

// filter is the store filter for these flags; withServer adds the API's own
// filters, which a store answering offline applies too.
func (f *askFlags) filter(q api.Query, withServer bool, now time.Time) (store.Filter, error) {
	r, err := f.dates(now)
	if err != nil {
		return store.Filter{}, err
	}
	sf := store.Filter{Search: f.search, Dates: r, Statuses: f.statuses, MinAmount: f.minAmount, MaxAmount: f.maxAmount,
		Currency: f.currency, Form: f.form, Recurring: f.recurring}
	if withServer {
		sf.Email, sf.FirstName, sf.LastName, sf.ID = q.Email, q.FirstName, q.LastName, q.ID
	}
	return sf, nil
}

// order is the store's sort and direction for --sort.
func (f *askFlags) order() (string, bool) {
	return strings.TrimPrefix(f.sort, "-"), strings.HasPrefix(f.sort, "-")
}

func sortChoices() []string {
	var out []string
	for k := range store.Sorts {
		out = append(out, k, "-"+k)
	}
	slices.Sort(out)
	return out
}

// dateFlag checks a --since or --until value as it is parsed; the two are
// read together (and against the clock) when the command runs.
type dateFlag struct {
	p     *string
	upper bool
}

func dateVar(fs *pflag.FlagSet, p *string, name, usage string) {
	fs.Var(dateFlag{p, name == "until"}, name, usage)
}

func (f dateFlag) String() string { return *f.p }
func (f dateFlag) Type() string   { return "date" }

func (f dateFlag) Set(s string) error {
	since, until := s, ""
	if f.upper {
		since, until = "", s
	}
	if strings.TrimSpace(s) == "" {
		return badValue("the value is empty; leave the flag out instead")
	}
	if _, err := api.ParseDateRange(since, until, time.Now()); err != nil {
		_, why, _ := strings.Cut(err.Error(), ": ")
		return badValue(why)
	}
	*f.p = s
	return nil
}

// listFlag gathers a repeatable flag's values, commas splitting them too.
type listFlag struct{ p *[]string }

func (f listFlag) String() string { return strings.Join(*f.p, ",") }
func (f listFlag) Type() string   { return "list" }

func (f listFlag) Set(s string) error {
	added := false
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			*f.p = append(*f.p, v)
			added = true
		}
	}
	if !added {
		return badValue("the value is empty; leave the flag out instead")
	}
	return nil
}

// amountFlag is an exact decimal bound, with at most four decimals: the
// precision amounts are compared with.
type amountFlag struct{ p **api.Decimal }

func (f amountFlag) String() string {
	if *f.p == nil {
		return ""
	}
	return (*f.p).String()
}
func (f amountFlag) Type() string { return "amount" }

func (f amountFlag) Set(s string) error {
	d, err := api.ParseAmountBound(s)
	if err != nil {
		return badValue(err.Error())
	}
	*f.p = &d
	return nil
}

// triFlag is yes or no.
type triFlag struct{ p *store.Tri }

func (f triFlag) String() string {
	switch *f.p {
	case store.Yes:
		return "yes"
	case store.No:
		return "no"
	}
	return ""
}
func (f triFlag) Type() string { return "yes|no" }

func (f triFlag) Set(s string) error {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "yes", "y", "true":
		*f.p = store.Yes
	case "no", "n", "false":
		*f.p = store.No
	default:
		return badValue(fmt.Sprintf("%q is not yes or no", s))
	}
	return nil
}

// sortFlag is a store.Sorts key, "-" in front for descending.
type sortFlag struct{ p *string }

func (f sortFlag) String() string { return *f.p }
func (f sortFlag) Type() string   { return "field" }

func (f sortFlag) Set(s string) error {
	if _, ok := store.Sorts[strings.TrimPrefix(s, "-")]; !ok {
		return badValue(fmt.Sprintf("%q is not one of date, amount, name, email, status, form, id (with - in front for descending)", s))
	}
	*f.p = s
	return nil
}

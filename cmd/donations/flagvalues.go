package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"donations/api/demo"
	"donations/suggest"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// badValue is why a flag's value was refused, said without the flag's name,
// which flagError puts in front.
type badValue string

func (b badValue) Error() string { return string(b) }

// intFlag is a whole-number flag with a range, checked as it is parsed. A
// script passing `--id "$X"` with X empty or 0 must stop, not be served every
// donation because 0 happens to mean "no filter".
type intFlag[T int | int64] struct {
	p      *T
	lo, hi T // hi 0: no upper bound
}

// intVar defines an intFlag; the default is whatever *p holds, and is not
// checked against the range (0 often means "not given").
func intVar[T int | int64](fs *pflag.FlagSet, p *T, name string, lo, hi T, usage string) {
	fs.Var(intFlag[T]{p, lo, hi}, name, usage)
}

func (f intFlag[T]) String() string { return strconv.FormatInt(int64(*f.p), 10) }

func (f intFlag[T]) Type() string { return "int" }

func (f intFlag[T]) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return badValue("the value is empty; give a whole number, " + f.want())
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return badValue(fmt.Sprintf("%q is not a whole number", s))
	}
	if n < int64(f.lo) || f.hi != 0 && n > int64(f.hi) {
		return badValue(fmt.Sprintf("%d is out of range; give %s", n, f.want()))
	}
	*f.p = T(n)
	return nil
}

func (f intFlag[T]) want() string {
	if f.hi != 0 {
		return fmt.Sprintf("%d..%d", f.lo, f.hi)
	}
	return fmt.Sprintf("%d or more", f.lo)
}

// choiceFlag is a string flag that takes one of a few words, refused at
// parse time like any other bad value, and offered by shell completion.
type choiceFlag struct {
	p       *string
	choices []string
}

func choiceVar(c *cobra.Command, p *string, name string, choices []string, usage string) {
	c.Flags().Var(choiceFlag{p, choices}, name, usage)
	_ = c.RegisterFlagCompletionFunc(name, cobra.FixedCompletions(choices, cobra.ShellCompDirectiveNoFileComp))
}

func (f choiceFlag) String() string { return *f.p }

func (f choiceFlag) Type() string { return "string" }

func (f choiceFlag) Set(s string) error {
	if !slices.Contains(f.choices, s) {
		return badValue(fmt.Sprintf("%q is not one of %s%s", s, strings.Join(f.choices, ", "), suggest.DidYouMean(s, f.choices)))
	}
	*f.p = s
	return nil
}

// addrFlag is the demo server's listen address, refused at parse time like
// any other bad value: a port out of range would otherwise surface as a
// bare "listen tcp" error that names no flag.
type addrFlag struct{ p *string }

func (f addrFlag) String() string { return *f.p }
func (f addrFlag) Type() string   { return "host:port" }

func (f addrFlag) Set(s string) error {
	if err := demo.CheckAddress(s); err != nil {
		return badValue(fmt.Sprintf("%q: %v", s, err))
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

// monthFlag is a month, 1..12, given as its number or its English name
// (`July`, `jul`): --fiscal-start MONTH is how fundraisers say it.
type monthFlag struct{ p *int }

func monthVar(fs *pflag.FlagSet, p *int, name, usage string) { fs.Var(monthFlag{p}, name, usage) }

func (f monthFlag) String() string { return strconv.Itoa(*f.p) }

func (f monthFlag) Type() string { return "month" }

func (f monthFlag) Set(s string) error {
	word := strings.ToLower(strings.TrimSpace(s))
	for m := time.January; m <= time.December; m++ {
		if name := strings.ToLower(m.String()); word == name || len(word) >= 3 && strings.HasPrefix(name, word) {
			*f.p = int(m)
			return nil
		}
	}
	if n, err := strconv.Atoi(word); err == nil && n >= 1 && n <= 12 {
		*f.p = n
		return nil
	}
	return badValue(fmt.Sprintf("%q is not a month; give 1..12 or its name (July, jul)%s", s, suggest.DidYouMean(s, monthNames())))
}

// monthNames are the months' English names, for a did-you-mean.
func monthNames() []string {
	names := make([]string, 12)
	for m := time.January; m <= time.December; m++ {
		names[m-1] = m.String()
	}
	return names
}

// momentFlag is a moment given as a date (its start, in UTC) or an RFC 3339
// date-time.
type momentFlag struct{ p *time.Time }

func (f momentFlag) String() string {
	if f.p.IsZero() {
		return ""
	}
	return f.p.Format(time.RFC3339)
}

func (f momentFlag) Type() string { return "time" }

func (f momentFlag) Set(s string) error {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		if t, err = time.Parse(time.DateOnly, s); err != nil {
			return badValue(fmt.Sprintf("%q is not a date (2026-11-01) or a date-time (2026-11-01T09:30:00Z)", s))
		}
	}
	*f.p = t
	return nil
}

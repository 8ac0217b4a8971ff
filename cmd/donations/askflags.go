package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"donations/ask"
	"donations/dataset"
	"donations/query"
)

// askFlags are the question's flags, one per field of ask.Fields (and the
// two ends of a ranged field: --since/--until, --min-amount/--max-amount),
// with --sort: list and summary take the same ones.
type askFlags struct {
	texts  ask.Texts
	bounds map[string]*[2]string // a ranged field's ends, by field name
	sort   string
	// fiscalStart is the month fiscal years start in, which --dates
	// "fiscal 2026" reads by (0: January).
	fiscalStart int
}

func (f *askFlags) define(c *cobra.Command, sort bool) {
	f.texts, f.bounds = ask.Texts{}, map[string]*[2]string{}
	fs := c.Flags()
	for _, fd := range ask.Fields {
		fs.Var(fieldFlag{fd, f.texts}, fd.Flag(), flagUsage(fd))
		if fd.Known != "" {
			_ = c.RegisterFlagCompletionFunc(fd.Flag(), cobra.NoFileCompletions)
		}
		if fd.Bounds[0] == "" {
			continue
		}
		b := &[2]string{}
		f.bounds[fd.Name] = b
		fs.Var(boundFlag{fd, b, 0}, fd.Bounds[0], "the "+fd.Chip+" from this on (as the low end of --"+fd.Flag()+")")
		fs.Var(boundFlag{fd, b, 1}, fd.Bounds[1], "the "+fd.Chip+" up to this, included (as the high end of --"+fd.Flag()+")")
	}
	if sort {
		fs.Var(sortFlag{&f.sort}, "sort", "order by "+strings.Join(query.Sorts, ", ")+"; -amount for descending")
		_ = c.RegisterFlagCompletionFunc("sort", cobra.FixedCompletions(ask.SortChoices(), cobra.ShellCompDirectiveNoFileComp))
	}
}

func flagUsage(fd ask.Field) string {
	where := "the store applies it"
	if fd.Server {
		where = "sent to the server"
	}
	return fd.Label + ": " + fd.Hint + " (" + where + ")"
}

// question is what the flags ask, read at now; a usage error says which
// flag is wrong and why.
func (f *askFlags) question(now time.Time) (ask.Question, error) {
	texts := ask.Texts{}
	for k, v := range f.texts {
		texts[k] = v
	}
	for name, b := range f.bounds {
		if b[0] == "" && b[1] == "" {
			continue
		}
		fd, _ := ask.Lookup(name)
		if _, both := texts[name]; both {
			return ask.Question{}, usageError(fmt.Sprintf("give --%s or --%s/--%s, not both", fd.Flag(), fd.Bounds[0], fd.Bounds[1]))
		}
		texts[name] = b[0] + ".." + b[1]
	}
	q, errs := ask.ReadFiscal(texts, now, f.fiscalStart)
	for name, b := range f.bounds {
		if msg, bad := errs[name]; bad && f.texts[name] == "" {
			fd, _ := ask.Lookup(name)
			return ask.Question{}, usageError(fmt.Sprintf("--%s %s --%s %s: %s", fd.Bounds[0], b[0], fd.Bounds[1], b[1], msg))
		}
	}
	if err := errs.Err(); err != nil {
		return ask.Question{}, usageError(err.Error())
	}
	if f.sort != "" {
		q.Sort, q.Desc, _ = ask.ParseSort(f.sort) // checked as the flag was parsed
	}
	return q, nil
}

// checkValues refuses a status, form or currency no stored donation has,
// with a did-you-mean from the values the store holds. whole says the store
// holds every donation (offline); one in memory holds only the pages the
// question needed, and is asked only once the answer came out empty.
func checkValues(ctx context.Context, q ask.Question, st dataset.Local, whole bool) error {
	if !whole {
		return nil
	}
	err := q.Check(func(col string) ([]string, error) { return st.Values(ctx, col) })
	if err != nil && !errors.Is(err, context.Canceled) {
		return usageError(err.Error())
	}
	return err
}

// fieldFlag sets one field's text, checked as it is parsed; a repeated
// list field (--status) gathers its values.
type fieldFlag struct {
	fd    ask.Field
	texts ask.Texts
}

func (f fieldFlag) String() string { return f.texts[f.fd.Name] }
func (f fieldFlag) Type() string   { return "text" }

func (f fieldFlag) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return badValue("the value is empty; leave the flag out instead")
	}
	if old := f.texts[f.fd.Name]; old != "" && f.fd.Many {
		s = old + "," + s
	}
	if _, errs := ask.Read(ask.Texts{f.fd.Name: s}, time.Now()); errs != nil {
		return badValue(errs[f.fd.Name])
	}
	f.texts[f.fd.Name] = s
	return nil
}

// boundFlag sets one end of a ranged field.
type boundFlag struct {
	fd   ask.Field
	ends *[2]string
	end  int
}

func (f boundFlag) String() string { return f.ends[f.end] }
func (f boundFlag) Type() string   { return "text" }

func (f boundFlag) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return badValue("the value is empty; leave the flag out instead")
	}
	if strings.Contains(s, "..") {
		return badValue(fmt.Sprintf("%q is a range; give it to --%s", s, f.fd.Flag()))
	}
	text := s + ".."
	if f.end == 1 {
		text = ".." + s
	}
	if _, errs := ask.Read(ask.Texts{f.fd.Name: text}, time.Now()); errs != nil {
		return badValue(errs[f.fd.Name])
	}
	f.ends[f.end] = s
	return nil
}

// sortFlag is a sort as ask.ParseSort reads it.
type sortFlag struct{ p *string }

func (f sortFlag) String() string { return *f.p }
func (f sortFlag) Type() string   { return "field" }

func (f sortFlag) Set(s string) error {
	if _, _, err := ask.ParseSort(s); err != nil {
		return badValue(err.Error())
	}
	*f.p = s
	return nil
}

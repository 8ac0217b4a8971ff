package main

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/spf13/cobra"

	"donations/config"
	"donations/export"
)

// bomChoice is what --bom and --no-bom said, on each command that writes
// CSV: a UTF-8 byte-order mark first, so that Excel opens names such as
// Käthe Müller or 静 陈 as written, or not; the last of them given wins.
// Neither given, the profile's csv_bom says, as it does for the browser's
// export.
type bomChoice struct{ said, on bool }

func (b *bomChoice) define(c *cobra.Command) {
	fs := c.Flags()
	fs.VarPF(bomFlag{b, true}, "bom", "", "start CSV with a UTF-8 byte-order mark, so Excel opens names like Käthe Müller right (default: the profile's csv_bom)").NoOptDefVal = "true"
	fs.VarPF(bomFlag{b, false}, "no-bom", "", "start CSV without a byte-order mark, whatever the profile's csv_bom says").NoOptDefVal = "true"
	// The name --bom had: the scripts that use it keep working.
	fs.VarPF(bomFlag{b, true}, "csv-bom", "", "the same as --bom").NoOptDefVal = "true"
	_ = fs.MarkHidden("csv-bom")
}

// out is stdout for format: starting with the mark where format is csv
// and a flag, else the profile's csv_bom, asks for one (export.WithBOM).
// With --demo, or a config that does not read (which the command says as
// it opens the account), there is no profile.
func (b bomChoice) out(ctx context.Context, a *app, format string) io.Writer {
	on := b.on
	if !b.said && !a.g.demo && format == "csv" {
		s, err := config.Resolve(ctx, config.Overrides{ConfigPath: a.g.configPath, Profile: a.g.profile,
			BaseURL: a.g.baseURL, Username: a.g.username, NoKey: true}, a.getenv)
		on = err == nil && s.CSVBOM
	}
	return export.WithBOM(a.stdout, format, on)
}

// bomFlag is --bom (to true) or --no-bom (to false): a switch, as a bool
// flag is, that --no-bom=false turns the other way.
type bomFlag struct {
	b  *bomChoice
	to bool
}

func (f bomFlag) String() string { return strconv.FormatBool(f.b.said && f.b.on == f.to) }
func (f bomFlag) Type() string   { return "bool" }

func (f bomFlag) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return badValue(fmt.Sprintf("%q is not true or false", s))
	}
	f.b.said, f.b.on = true, v == f.to
	return nil
}

package main

import (
	"context"
	"fmt"
	"time"

	"donations/config"
)

// fiscalStart is the month years start in: flag's where given (not 0),
// else the profile's fiscal_start (0: none says). A flag that differs from
// the profile is remembered in it, and said once on stderr; with no
// profile to hold it (--demo, flags and environment alone) it is not, and
// that is said too.
func fiscalStart(ctx context.Context, a *app, flag int) int {
	s, err := config.Resolve(ctx, config.Overrides{ConfigPath: a.g.configPath, Profile: a.g.profile,
		BaseURL: a.g.baseURL, Username: a.g.username, NoKey: true}, a.getenv)
	// A config that does not read is said by what opens the account.
	profile := err == nil && !a.g.demo && s.Profile != "" && s.File != ""
	if flag == 0 {
		if profile {
			return s.FiscalStart
		}
		return 0
	}
	if profile && s.FiscalStart == flag {
		return flag
	}
	said := "donations report: the fiscal year starts in " + time.Month(flag).String()
	switch {
	case !profile:
		fmt.Fprintln(a.stderr, said+": not saved, as no profile is in use (--demo, or flags and environment alone)")
	default:
		if err := config.SaveFiscalStart(s.File, s.Profile, flag); err != nil {
			fmt.Fprintf(a.stderr, "%s: not saved: %v\n", said, err)
		} else {
			fmt.Fprintf(a.stderr, "%s for profile %s: saved to %s\n", said, s.Profile, s.File)
		}
	}
	return flag
}

package main

import (
	"context"

	"donations/dataset"
	"donations/query"
)

// campaignsInstead says, for a summary by form where no gift has a form,
// that the server names none and --by campaign groups by campaign, when the
// gifts have campaigns (servers that nest the campaign, as Donorbox does,
// send no form_name): one "—" group tells nothing. "" otherwise.
func campaignsInstead(ctx context.Context, st dataset.Local, f query.Filter) (string, error) {
	named := false
	err := st.EachGroup(ctx, f, []string{"campaign"}, nil, func(g dataset.Group) error {
		named = named || g.Key[0] != ""
		return nil
	})
	if err != nil || !named {
		return "", err
	}
	return "the server names no forms; --by campaign groups by campaign", nil
}

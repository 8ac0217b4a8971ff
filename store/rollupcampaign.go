package store

// campaignRollup adds the donations up by campaign and status, so that a
// break-down by campaign (insights; summary --by campaign) of every
// donation, or of some statuses, reads a few rows, not every donation. It
// keeps itself, by triggers of its own: a change of campaign alone then
// leaves the other rollups as they are.
var campaignRollup = rollup{"rollup_campaign", []string{"campaign_name", "status_key", "currency", "converted_currency"}}

// campaignInputs are the donation columns the rollup by campaign reads.
const campaignInputs = "campaign_name, status_key, currency, converted_currency, amount, amount_e4, converted_amount, converted_e4"

// campaignRollupSchema makes the rollup by campaign and its triggers.
func campaignRollupSchema() []string {
	rs := []rollup{campaignRollup}
	return []string{campaignRollup.create(),
		`CREATE TRIGGER rollup_campaign_ai AFTER INSERT ON donations WHEN ` + kept + ` BEGIN ` + rollupAdd(rs, "new") + ` END`,
		`CREATE TRIGGER rollup_campaign_ad AFTER DELETE ON donations WHEN ` + kept + ` BEGIN ` + rollupTake(rs, "old") + ` END`,
		`CREATE TRIGGER rollup_campaign_au AFTER UPDATE OF ` + campaignInputs + ` ON donations WHEN ` + kept + ` BEGIN ` +
			rollupTake(rs, "old") + rollupAdd(rs, "new") + ` END`,
	}
}

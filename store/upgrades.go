package store

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// The upgrades: what brings a store of an older version to this one in
// place, keeping what it holds, and what each fills in after.

// upgrades bring a store of version v to v+1 in place, keeping what it
// holds: a store of a version before the first of them is rebuilt.
var upgrades = sync.OnceValue(func() map[int][]string {
	return map[int][]string{8: exchangeSchema, 9: {donorIndex10}, 10: {`DROP INDEX IF EXISTS donations_donor`, donorIndex13},
		11: addColumns(11), 12: slices.Concat(rollupDrops, remade(13)),
		13: append(addColumns(13), `DROP INDEX IF EXISTS donations_donor`, donorIndex),
		14: append([]string{refundedIndex}, campaignRollupSchema()...), 15: since15,
		16: {`DROP TABLE donations_fts`, searchIndex26, searchAutomerge, searchCrisismerge},
		17: append([]string{`DROP TRIGGER IF EXISTS rollups_ai`, `DROP TRIGGER IF EXISTS rollups_ad`, `DROP TRIGGER IF EXISTS donors_au`},
			donorTriggers(18)...), 18: donorYearSchema(),
		19: slices.Concat([]string{`DROP TRIGGER rollups_ai`, `DROP TRIGGER rollups_ad`, `DROP TRIGGER donors_au`, `DROP TABLE donors`},
			donorSchema(20)), 20: donorsReindexed(), 21: donorLastSchema22(), 22: heldJSONTriggers26,
		23: append(donorLastDrops(), donorLastTriggers(keptYear)...), 24: {campaignIndex}, 25: {rekeyStatuses()}, 26: since26()}
})

// rekeyStatuses keys again, as statusKey keys them, the statuses that
// versions up to 25 kept padded (" paid " for " Paid "): no --status
// matched them and no report counted them. The triggers move what they add
// up. Only the status column is read to find them, which SQLite reads from
// the status index where there is one.
func rekeyStatuses() string {
	// The runes strings.TrimSpace trims: unicode.IsSpace's, which are
	// White_Space's, all below U+10000.
	var spaces strings.Builder
	for _, rg := range unicode.White_Space.R16 {
		for r := rg.Lo; r >= rg.Lo && r <= rg.Hi; r += rg.Stride {
			spaces.WriteRune(rune(r))
		}
	}
	trimmed := "trim(status_key, '" + spaces.String() + "')"
	return `UPDATE donations SET status_key = ` + trimmed + ` WHERE id IN (SELECT id FROM donations WHERE status_key <> ` + trimmed + `)`
}

// since26 is the upgrade from 26: a dictionary names its codec (its
// records stay as they are, zstd's), and the running sum of the JSON held
// reads it; the search index reads the text searched, and is built again
// (its search column stays: see searched).
func since26() []string {
	return slices.Concat([]string{"ALTER TABLE records_dict ADD COLUMN " + dictCodec,
		`DROP TRIGGER records_json_ai`, `DROP TRIGGER records_json_ad`, `DROP TRIGGER records_json_au`},
		heldJSONTriggers, searchSince26())
}

// searchSince26 makes the search index anew over the text searched, with
// its settings and triggers.
func searchSince26() []string {
	return slices.Concat([]string{`DROP TRIGGER donations_ai`, `DROP TRIGGER donations_ad_fts`, `DROP TRIGGER donations_au`,
		`DROP TABLE donations_fts`, searchView, searchIndex, searchAutomerge, searchCrisismerge}, searchTriggersAt(27))
}

// replaced are what an upgrade makes anew: the upgrade from v drops what
// replaced[v] made, so a store of version v holds it.
var replaced = sync.OnceValue(func() map[int][]string {
	return map[int][]string{10: {donorIndex10}, 12: remade(12), 13: {donorIndex13}, 15: {convertedIndex15, emailIndex15},
		16: {searchIndex16, searchAutomerge, searchCrisismerge}, 17: donorTriggers(17), 19: donorSchema(19),
		20: creates(donorsChanged(21, 20)), 23: donorLastTriggers(calendarYear),
		26: slices.Concat(heldJSONTriggers26, []string{searchIndex26, searchAutomerge, searchCrisismerge}, searchTriggersAt(26))}
})

// since15 is the upgrade from 15: the converted amounts' index holds the
// status too, and the index of e-mails goes, donorIndex begins with them.
var since15 = []string{`DROP INDEX donations_converted`, convertedIndex, `DROP INDEX donations_email`}

// emailIndex15 is the index of e-mails versions up to 15 made, 46 MB at a
// million donations.
const emailIndex15 = `CREATE INDEX donations_email ON donations(email_key, date_utc)`

// convertedIndex is walked to the middle of the converted amounts by the
// median, reading nothing else: of every donation, or of those of some
// statuses, tested in the index (see medianOf).
const convertedIndex = `CREATE INDEX donations_converted ON donations(converted_e4, status_key) WHERE converted_e4 IS NOT NULL`

// convertedIndex15 is convertedIndex as versions up to 15 made it, without the
// status.
const convertedIndex15 = `CREATE INDEX donations_converted ON donations(converted_e4) WHERE converted_e4 IS NOT NULL`

// rollupDrops drop the rollup by day, the donors table (its indexes with
// it) and the triggers that keep them, for the upgrade from 12 to make
// them anew: by status, and the donors under the browser's rules too.
var rollupDrops = []string{`DROP TRIGGER IF EXISTS rollups_ai`, `DROP TRIGGER IF EXISTS rollups_ad`,
	`DROP TRIGGER IF EXISTS rollups_au`, `DROP TRIGGER IF EXISTS donors_au`, `DROP TABLE rollup_day`, `DROP TABLE donors`}

// remade is what rollupDrops drop, as version v makes it: all of
// rollupSchema(v) but the rollup by dimension, which stays as it was.
func remade(v int) []string {
	return slices.DeleteFunc(rollupSchema(v), func(stmt string) bool { return strings.HasPrefix(stmt, "CREATE TABLE rollup_dims ") })
}

// fills compute what the upgrade from a version added from what the store
// holds (see fillColumns, addUp).
var fills = map[int]func(*Store, context.Context, *sql.Tx) error{11: (*Store).fillColumns, 12: (*Store).addUp,
	13: (*Store).fillIntervals, 14: (*Store).addUpCampaigns, 26: (*Store).rebuildSearch,
	18: (*Store).addUpDonorYears,
	// The upgrade from 19 makes the donors table anew and adds it up: a store
	// of 17, whose donors' triggers changed, is added up there, once.
	19: (*Store).addUpDonors, 21: (*Store).addUpDonorLasts}

// addUp fills the rollups and the donors table the upgrade from 12 made
// anew, unless a first sync under way defers them: it builds them at its
// end, and its triggers, made anew here, are set aside again until then.
func (s *Store) addUp(ctx context.Context, tx *sql.Tx) error {
	if deferred, err := setAsideIfDeferred(ctx, tx); deferred || err != nil {
		return err
	}
	return rebuildRollups(ctx, tx)
}

// donorTriggers are the triggers of rollupSchema(v) that add the donors
// up: the upgrade from 17 makes them anew, to count a gift refunded in
// part less the part refunded and to add its donor up again when a refund
// in part comes later.
func donorTriggers(v int) []string {
	return slices.DeleteFunc(rollupSchema(v), func(stmt string) bool {
		return !strings.HasPrefix(stmt, "CREATE TRIGGER rollups_ai ") && !strings.HasPrefix(stmt, "CREATE TRIGGER rollups_ad ") &&
			!strings.HasPrefix(stmt, "CREATE TRIGGER donors_au ")
	})
}

// donorSchema is the donors table of version v, its indexes and the
// triggers that keep it: the upgrade from 18 makes them anew, the table
// with rowids (see rowidDonors).
func donorSchema(v int) []string {
	out := []string{donorsTable(v)}
	for _, ix := range donorIndexesAt(v) {
		out = append(out, ix.create)
	}
	return append(out, donorTriggers(v)...)
}

// donorsReindexed makes the donors' indexes of version 20 as 21 has them:
// a rule's holds only the donors whose figure differs from every gift's
// (see partialDonors). The table stays, so no fill adds it up again.
func donorsReindexed() []string {
	var drops []string
	changed := donorsChanged(20, 21)
	for _, ix := range changed {
		drops = append(drops, "DROP INDEX "+ix.name)
	}
	return append(drops, creates(changed)...)
}

// donorsChanged are the donors' indexes of version to that version from
// makes otherwise.
func donorsChanged(from, to int) []donorsIndex {
	old := donorIndexesAt(from)
	return slices.DeleteFunc(donorIndexesAt(to), func(ix donorsIndex) bool { return slices.Contains(old, ix) })
}

func creates(ixs []donorsIndex) []string {
	var out []string
	for _, ix := range ixs {
		out = append(out, ix.create)
	}
	return out
}

// addUpDonors adds the donors up again for the upgrades from 17 and 18, as
// addUp adds up everything.
func (s *Store) addUpDonors(ctx context.Context, tx *sql.Tx) error {
	if deferred, err := setAsideIfDeferred(ctx, tx); deferred || err != nil {
		return err
	}
	return fillDonors(ctx, tx, "")
}

// setAsideIfDeferred says whether a first sync under way defers the sums
// an upgrade would add up, and if so sets aside the triggers it made: the
// sync's end adds everything up and makes them again.
func setAsideIfDeferred(ctx context.Context, tx *sql.Tx) (bool, error) {
	deferred, err := metaIn(ctx, tx, metaDeferred)
	if err != nil || deferred == "" {
		return false, err
	}
	return true, dropUpkeep(ctx, tx)
}

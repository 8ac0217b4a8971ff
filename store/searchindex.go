package store

import (
	"fmt"
)

// searchIndex is the trigram index of the search column. Nothing ranks
// matches, so it keeps no token counts per row (columnsize=0), and no
// positions (detail=none): they would be most of its size. A word of four
// or more letters is then looked up as its trigrams, all of them in one
// donation, and tested in the search column (see match and rechecked):
// without positions the index cannot say they are in a row.
const searchIndex = `CREATE VIRTUAL TABLE donations_fts USING fts5(search, content='donations_search', content_rowid='id', tokenize='trigram', columnsize=0, detail=none)`

// searchView is the search index's content, what FTS5 reads of a donation
// when it reads its text (a rebuild, an integrity check): searched.
var searchView = `CREATE VIEW donations_search (id, search) AS SELECT id, ` + searched("") + ` FROM donations`

// Merging index segments after every page's transaction would be much of
// what storing a page costs; a sync merges them once at its end (tidy), and
// crisismerge bounds them if a sync is cut short. They are kept in the
// index's own tables: whatever makes it anew sets them again.
var (
	searchAutomerge   = searchSetting("", "automerge", 0)
	searchCrisismerge = searchSetting("", "crisismerge", 64)
)

// searchSetting sets FTS5's option to value in the search index of the
// schema in ("" for the store's own, else "name.").
func searchSetting(in, option string, value int) string {
	return fmt.Sprintf(`INSERT INTO %sdonations_fts(donations_fts, rank) VALUES ('%s', %d)`, in, option, value)
}

// searchTables are the tables FTS5 keeps the search index in: with
// columnsize=0 it keeps no sizes, and the donations are its content.
var searchTables = []string{"donations_fts_data", "donations_fts_idx", "donations_fts_config"}

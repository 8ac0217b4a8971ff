package store

import (
	"context"
	"database/sql"
	"fmt"
)

// searchIndex is the trigram index of the search column. Nothing ranks
// matches, so it keeps no token counts per row (columnsize=0: a tenth of a
// megabyte per 10,000 donations), and no positions (detail=none): they
// were two thirds of it (363 MB of 1,487 at a million donations, 125
// without). A word of four or more letters is then looked up as its
// trigrams, all of them in one donation, and tested in the search column
// (see match and rechecked): the index can no longer say they are in a row.
const searchIndex = `CREATE VIRTUAL TABLE donations_fts USING fts5(search, content='donations_search', content_rowid='id', tokenize='trigram', columnsize=0, detail=none)`

// searchView is the search index's content, what FTS5 reads of a donation
// when it reads its text (a rebuild, an integrity check): searched.
var searchView = `CREATE VIEW donations_search (id, search) AS SELECT id, ` + searched("") + ` FROM donations`

// searchIndex26 is searchIndex as versions 17 to 26 made it, over the
// search column alone.
const searchIndex26 = `CREATE VIRTUAL TABLE donations_fts USING fts5(search, content='donations', content_rowid='id', tokenize='trigram', columnsize=0, detail=none)`

// searchIndex16 is searchIndex as versions up to 16 made it, with positions.
const searchIndex16 = `CREATE VIRTUAL TABLE donations_fts USING fts5(search, content='donations', content_rowid='id', tokenize='trigram', columnsize=0)`

// Merging index segments after every page's transaction was a third of
// what storing a page cost; a sync merges them once at its end (tidy), and
// crisismerge bounds them if a sync is cut short. They are kept in the
// index's own tables: an upgrade that makes it anew sets them again.
var (
	searchAutomerge   = searchSetting("", "automerge", 0)
	searchCrisismerge = searchSetting("", "crisismerge", 64)
)

// searchSetting sets FTS5's option to v in the search index of the schema
// in ("" for the store's own, else "name.").
func searchSetting(in, option string, v int) string {
	return fmt.Sprintf(`INSERT INTO %sdonations_fts(donations_fts, rank) VALUES ('%s', %d)`, in, option, v)
}

// searchTables are the tables FTS5 keeps the search index in: with
// columnsize=0 it keeps no sizes, and the donations are its content.
var searchTables = []string{"donations_fts_data", "donations_fts_idx", "donations_fts_config"}

// rebuildSearch indexes every donation in the search index the upgrade
// from 26 made anew (the one from 16 made it anew too, and leaves it to
// this), unless a first sync under way defers it: that sync builds it at
// its end.
func (s *Store) rebuildSearch(ctx context.Context, tx *sql.Tx) error {
	deferred, err := metaIn(ctx, tx, metaDeferred)
	if err != nil || deferred != "" {
		return err
	}
	return buildSearch(ctx, tx)
}

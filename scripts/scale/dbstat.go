package main

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"

	_ "modernc.org/sqlite" // dbstat is compiled into it
)

// parts prints what each table and index of the store costs on disk, from
// SQLite's dbstat table, largest first.
func parts(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=ro")
	if err != nil {
		return err
	}
	defer db.Close()
	rows, err := db.QueryContext(ctx, `SELECT name, pgsize FROM dbstat WHERE aggregate = TRUE ORDER BY pgsize DESC`)
	if err != nil {
		return err
	}
	defer rows.Close()
	var all int64
	type part struct {
		name string
		size int64
	}
	var list []part
	for rows.Next() {
		var p part
		if err := rows.Scan(&p.name, &p.size); err != nil {
			return err
		}
		all += p.size
		list = append(list, p)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, p := range list {
		if p.size*100 >= all {
			fmt.Printf("| part: %s | %.1f MB | %.0f %% |\n", p.name, float64(p.size)/1e6, 100*float64(p.size)/float64(all))
		}
	}
	return nil
}

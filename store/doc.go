// Package store is the local store of donations: an embedded SQLite database
// per profile that a sync fills from the API, so that questions the API cannot
// answer (search, sort, date ranges, totals) are answered from disk.
//
// Where: $XDG_CACHE_HOME/donations/<profile>.db (default ~/.cache/donations/),
// the folder 0700 and the files 0600 (SQLite gives its -wal and -shm files the
// database file's mode). The API key is never stored. Memory() is the same
// store held in memory, for --demo and --no-cache: nothing reaches the disk.
//
// It is a cache: every row can be fetched again, so a store from an older
// schema is rebuilt empty and synced again, and a corrupt file or one from a
// newer program is an error that says to run `donations cache clear`.
//
// Table records, one row per donation id: id, and raw, the record's bytes
// exactly as the server sent them. They are kept apart from the columns below
// so that sorting, counting and adding up never read them.
//
// Table donations, one row per donation id:
//
//	id               the donation id (primary key)
//	donation_date    donation_date as sent
//	date_utc         donation_date as Unix milliseconds, NULL when unreadable
//	amount           amount as sent (text)
//	amount_e4        amount × 10^4 as an integer, NULL when it is not exactly
//	                 representable; sums over it are exact up to ±9.2×10^14
//	currency         currency, upper case
//	converted_amount, converted_e4, converted_currency   the same for the conversion
//	status           status as sent; status_key is it in lower case
//	first_name, last_name, email as sent; email_key is the e-mail in lower case
//	                 (donors are grouped by it); name_key is Fold("last first")
//	form_name, payment_type, city, last_updated_at       as sent
//	recurring, anonymous, tribute                        0 or 1
//	honoree          donation_honor.honoree_name
//	search           Fold of names, e-mail, form, city, honoree, status,
//	                 amount, currency, date and id: what a quick search matches
//	first_seen, last_seen   Unix milliseconds of the syncs that first and last
//	                 saw the row
//
// Table donations_fts is a trigram FTS5 index over donations.search (kept by
// triggers), so a substring search is an index lookup, not a scan.
//
// Table meta holds key/value pairs: last_sync and last_full_sync (Unix ms),
// per_page (the page size the server used).
package store

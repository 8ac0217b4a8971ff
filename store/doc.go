// Package store is the local store of donations: an embedded SQLite database
// per account that a sync fills from the API, so that questions the API cannot
// answer (search, sort, date ranges, totals) are answered from disk.
//
// Where: $XDG_CACHE_HOME/donations/<Name>.db (default ~/.cache/donations/),
// one per account, named by its base URL (path included) and user (Name);
// a store an older version named after the profile, or after user@host
// whatever the path, is carried over when it is proven to be the account's
// (Carry). The folder is 0700 and the files 0600 (SQLite gives its -wal and
// -shm files the database file's mode). The API key is never stored. Memory() is the same
// store held in memory, for --demo and --no-cache: nothing reaches the disk.
//
// The records, as the server sent them, and what the store recorded of its
// syncs are the truth; everything else is derived from the records, and a
// store of an older schema is rebuilt from them (rebuild.go), with no
// request; a corrupt file or one from a newer program is an error that
// says to run `donations cache clear`.
//
// Table records, one row per donation id: id, dict and raw, the record's
// bytes exactly as the server sent them, compressed against the
// dictionary dict of table records_dict (id, sum: its SHA-256, bytes: made
// of the first 64 KB of records the store held, codec: s2, or zstd in a
// store made by an older version with the first 100 KB), or as sent when
// dict is 0 (a store in memory, or one that holds fewer bytes than that).
// See compress.go. They are kept apart from the columns below so that sorting,
// counting and adding up never read them.
//
// Table donations, one row per donation id, with only what is sorted,
// filtered, searched or added up (the rest is read from the record):
//
//	id               the donation id (primary key)
//	date_utc         donation_date as Unix milliseconds, NULL when unreadable
//	day              its date (YYYY-MM-DD) in the store's zone (meta zone)
//	amount           amount as sent (text)
//	amount_e4        amount × 10^4 as an integer, NULL when it has more than
//	                 four decimals or is over a billion (it is then added up
//	                 from its text), so that its sums cannot overflow
//	amount_e4f       amount × 10^4 as the nearest float (±Inf past its range)
//	                 where amount_e4 is NULL and the amount is a number: amount
//	                 bounds and the amount sort compare it in amount_e4's place
//	currency         currency, upper case
//	converted_amount, converted_e4, converted_e4f, converted_currency
//	                 the same for the conversion; converted_currency is
//	                 NULL where no amount was converted (old gifts of
//	                 servers that name the currency anyway), so that sums
//	                 count those gifts apart (Group.Unconverted)
//	status_key       status in lower case
//	first_name, last_name as sent; name_key is Fold("last first")
//	email_key        the e-mail in lower case (donors are grouped by it)
//	form_name, payment_type                              as sent
//	recurring, anonymous, tribute                        0 or 1
//	search           Fold of names, e-mail (unless email_key holds it as
//	                 Fold gives it), form, campaign name, city, phone,
//	                 employer, occupation, designation, comment, the
//	                 tribute (type, honoree, recipient, message), the text
//	                 of answers to the form's questions, status, amount,
//	                 currency and date, a space apart (searchtext.go); with
//	                 email_key and id after it, what a quick search matches
//	                 (the view donations_search)
//	campaign_id, campaign_name  the campaign, as servers that nest it send
//	                 it (NULL in the spec's records, which name a form)
//	tribute_type     the tribute's type in lower case (memory, honor)
//	refunded_e4      amount_refunded × 10^4, at most amount_e4, NULL when
//	                 nothing was refunded: a report counts a paid gift less
//	                 it (giftAmount)
//
// Table donations_fts is a trigram FTS5 index over the view
// donations_search (kept by triggers), so a substring search is an index
// lookup, not a scan.
//
// Tables rollup_day (by day, currency, converted_currency, status_key) and
// rollup_dims (by form_name, status_key, currency, payment_type, recurring,
// converted_currency) hold, per combination, the count n and the counts and
// exact sums of amount_e4 and converted_e4 (n_amount counts the amounts
// sent, n_amount_e4 those the integer column holds; the same for
// converted). Table donors holds per email_key what the donor view shows:
// gifts, total (converted, × 10^4, less the part refunded of a gift
// refunded in part), inexact, currency, first and last
// (Unix ms), recurring, name_key; and the same of the paid gifts (paid_gifts,
// paid_total, ...) and of every status but refunded (unrefunded_...), the
// two rules the browser counts by (donorsums.go). Triggers keep all three
// as donations are stored, changed and removed, so that adding up every
// donation, or those of some statuses, reads a few thousand rows; another
// filter reads the donations themselves.
//
// Table exchanges, one row per page request whose donations the store
// holds, for the raw view: at (Unix ms), page, method, url, user, status,
// bytes, duration_us, attempt, and the headers sent (Authorization as
// "Basic [redacted]") and received (redacted by the client) as JSON. Table
// exchange_of maps each donation id to the request that last brought it;
// a sync's end deletes the requests none refers to (exchanges.go).
//
// Table meta holds key/value pairs: last_sync and last_full_sync (Unix ms),
// per_page (the page size the server really serves, learned from full
// pages), zone (the IANA name of the zone the days are in: the zone of the
// program that made the store), coverage (JSON: the spans of ids the store
// holds complete, each with the page it starts on and when its end was
// read, and the list's last page), and deferred, set while a first sync
// fills an empty store: the search index, the rollups and the donors table
// are then built once at its end, and the indexes of donations but
// donations_date, and the triggers but donations_ad, are missing until
// then (upkeep, schema.go).
//
// Table kind_records holds the other kinds' records (plans, campaigns,
// donors, events, tickets, purchases), one row per kind and id, each as the
// server sent it: the truth, kept by a rebuild. Table kind_rows is derived
// from it (kindrows.go): what their filters and sorts read. A kind's set is
// replaced whole in one transaction (ReplaceKind), and meta's kind:<name>
// says when it was read whole and how many it holds, or that the server
// has no such endpoint (NoKind).
//
// Filling: the store takes pages (PutPages: records with the coverage they
// complete, in one transaction) and the upkeep around a sync (Begin, Finish,
// Tidy); the walks that bring the pages, the sync lock and the sync status
// are package dataset's. Extent and Holds say what is held complete.
package store

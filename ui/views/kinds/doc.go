// Package kinds is the browser's view of the other kinds of records a
// server of the platform's shape publishes: plans, campaigns, donors,
// events, tickets and purchases, as the store holds them. One model shows
// any kind (a table of them, table.go, says each one's columns and
// detail; its sorts and statuses are query's), as a list with a search, a sort, the filter form
// of the fields its store filter takes (form.go) and an export, a
// record's detail and its raw JSON, and the jumps to a record's gifts,
// plans and campaign. A server without a kind, or a kind not read
// yet, is said in one line.
package kinds

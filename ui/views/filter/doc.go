// Package filter is the filter form (f): one field per form row of
// ask.Fields, those sent to the server first; Enter applies from any field
// once every field reads, posting the question to the root.
package filter

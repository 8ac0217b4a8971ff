// Package raw is the raw JSON view (r): the selected record exactly as
// received, under the request that fetched its page, with a search and
// copies of the record and of a curl command that asks for it again.
package raw

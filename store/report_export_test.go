package store

import "context"

// ReadsSomeDonors says whether the reports of q take from the donors table
// which donors' gifts to read (their fast path).
func (s *Store) ReadsSomeDonors(ctx context.Context, q ReportQuery) (bool, error) {
	_, ok, err := s.reportRule(ctx, q)
	return ok, err
}

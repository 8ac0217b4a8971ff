package store

import (
	"context"
	"database/sql"
	"sync"
)

// writerStmts are the statements that store pages, prepared once on the store's
// pool and used in each transaction through tx.StmtContext, which reuses
// what a connection prepared before: a first sync runs them in every
// transaction, one a page.
type writerStmts struct {
	mu sync.Mutex
	m  map[string]*sql.Stmt
}

// keptQueries are those the writer runs for every page.
var keptQueries = []string{addRecord, getRecord, setRecord,
	upserts[upsertMax], upserts[upsertDeferredMax],
	exchangeInsert, exchangeMapNew, exchangesBefore, exchangeMapAll, exchangeDrop}

// keepWriter prepares the writer's statements s does not hold yet. It runs
// outside any transaction: a store in memory has one connection, which a
// transaction holds.
func (s *Store) keepWriter(ctx context.Context) error {
	s.writer.mu.Lock()
	defer s.writer.mu.Unlock()
	if s.writer.m == nil {
		s.writer.m = map[string]*sql.Stmt{}
	}
	for _, q := range keptQueries {
		if _, ok := s.writer.m[q]; ok {
			continue
		}
		stmt, err := s.db.PrepareContext(ctx, q)
		if err != nil {
			return s.explain(err)
		}
		s.writer.m[q] = stmt
	}
	return nil
}

// in is q for tx: the kept statement when there is one, else one prepared
// for tx alone. Either is closed with tx.
func (k *writerStmts) in(ctx context.Context, tx *sql.Tx, q string) (*sql.Stmt, error) {
	k.mu.Lock()
	stmt, ok := k.m[q]
	k.mu.Unlock()
	if !ok {
		return tx.PrepareContext(ctx, q)
	}
	return tx.StmtContext(ctx, stmt), nil
}

func (k *writerStmts) close() {
	k.mu.Lock()
	defer k.mu.Unlock()
	for q, stmt := range k.m {
		stmt.Close()
		delete(k.m, q)
	}
}

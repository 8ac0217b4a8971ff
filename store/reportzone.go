package store

import (
	"database/sql/driver"
	"fmt"
	"sync"
	"time"

	"modernc.org/sqlite"
)

// dayin(date_utc, zone) is the date (YYYY-MM-DD) of date_utc, Unix
// milliseconds, in the zone zoneID numbered; NULL for no date. A report
// read in another zone than the store's works its days out with it.
func dayIn(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
	ms, ok := args[0].(int64)
	if !ok {
		return nil, nil
	}
	id, _ := args[1].(int64)
	loc, ok := zonesByID.Load(id)
	if !ok {
		return nil, fmt.Errorf("dayin: zone %d is not known", id)
	}
	return time.UnixMilli(ms).In(loc.(*time.Location)).Format(time.DateOnly), nil
}

// Zones are numbered for dayin once a process: a zone such as time.Local
// has no name to load it by. A process reads in a zone or two.
var (
	zonesMu   sync.Mutex
	zoneIDs   = map[*time.Location]int64{}
	zonesByID sync.Map // int64 -> *time.Location
)

// zoneID is loc's number for dayin.
func zoneID(loc *time.Location) int64 {
	zonesMu.Lock()
	defer zonesMu.Unlock()
	id, ok := zoneIDs[loc]
	if !ok {
		id = int64(len(zoneIDs) + 1)
		zoneIDs[loc] = id
		zonesByID.Store(id, loc)
	}
	return id
}

package uictx

import "testing"

func TestRequestLogKeepsTheLatest(t *testing.T) {
	var l Log
	for i := range LogSize + 5 {
		l.Add(Itoa(int64(i)))
	}
	all := l.All()
	if len(all) != LogSize || all[0] != "5" || all[len(all)-1] != Itoa(LogSize+4) {
		t.Errorf("kept %d lines, %s to %s", len(all), all[0], all[len(all)-1])
	}
}

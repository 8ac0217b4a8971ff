package api

// nameIndex finds a field by its JSON name. The decoder looks up every key of
// every record; a Go map's hashing cost the Decode benchmark about 15%, so
// this hashes three bytes and the length into a small open-addressed table
// and confirms with one string comparison.
type nameIndex struct {
	slots [256]int16 // index+1 into names; 0 is empty
	names []string
}

func newNameIndex(names []string) *nameIndex {
	x := &nameIndex{names: names}
	for i, n := range names {
		s := nameSlot([]byte(n))
		for x.slots[s] != 0 {
			s = (s + 1) % uint(len(x.slots))
		}
		x.slots[s] = int16(i + 1)
	}
	return x
}

func nameSlot(key []byte) uint {
	n := len(key)
	if n == 0 {
		return 0
	}
	return (uint(n)*131 + uint(key[0])*31 + uint(key[n-1])*7 + uint(key[n/2])) % 256
}

// find is the index of key in names, or -1.
func (x *nameIndex) find(key []byte) int {
	for s := nameSlot(key); ; s = (s + 1) % uint(len(x.slots)) {
		i := int(x.slots[s]) - 1
		if i < 0 {
			return -1
		}
		if x.names[i] == string(key) {
			return i
		}
	}
}

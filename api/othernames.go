package api

// Servers of this kind are seen sending fields of the table under other
// names, or nested: the donor as an object, the campaign as one. They are
// read into the same fields; where the flat field of the API's own name is
// sent too, it wins. The record's raw bytes keep the shape as sent.
var (
	otherNames = map[string]string{"anonymous_donation": "anonymous"}
	nested     = map[string]map[string]string{
		"donor": {"first_name": "first_name", "last_name": "last_name", "email": "email", "address": "address",
			"city": "city", "state": "state", "zip_code": "postcode", "postcode": "postcode", "country": "country"},
		"campaign": {"id": "campaign_id", "name": "campaign_name"},
	}
)

// otherFields gathers what a record sends under other names, to fill the
// fields its flat keys leave missing once all its keys are read.
type otherFields struct {
	d     *Donation // nil until a record sends one
	found []int     // the fields of d that were sent
}

// decode reads a key that names no field of the table, if it is another
// name of one or an object of them; any other key is kept in Raw only.
func (o *otherFields) decode(key, v []byte) error {
	if name, ok := otherNames[string(key)]; ok {
		return o.read(name, key, v)
	}
	names, ok := nested[string(key)]
	if !ok || firstByte(v) != '{' {
		return nil
	}
	_, err := members(v, func(k, val []byte) error {
		if name, ok := names[string(k)]; ok {
			return o.read(name, k, val)
		}
		return nil
	})
	return err
}

func (o *otherFields) read(name string, key, v []byte) error {
	i := fieldIndex.find([]byte(name))
	if o.d == nil {
		o.d = &Donation{}
	}
	o.found = append(o.found, i)
	return decodeField(o.d, i, key, v)
}

// fill copies into d each field sent under another name that d's own key
// for it did not give.
func (o *otherFields) fill(d *Donation) {
	for _, i := range o.found {
		f := &Fields[i]
		switch to := f.At(d).(type) {
		case *Text:
			if from := f.At(o.d).(*Text); !to.Valid {
				*to = *from
			}
		case *Number:
			if from := f.At(o.d).(*Number); !to.Valid {
				*to = *from
			}
		case *Int:
			if from := f.At(o.d).(*Int); !to.Valid {
				*to = *from
			}
		case *Flag:
			if from := f.At(o.d).(*Flag); !to.Valid {
				*to = *from
			}
		}
	}
}

package demo

// A person's name as shown, and the ASCII form their e-mail address uses.
type name struct{ display, ascii string }

// locale groups names and places of one part of the world, so a donor's name,
// address, country and time zone agree with each other.
type locale struct {
	first, last []name
	cities      []place
	country     string
	street      func(number int, street string) string
	streets     []string
	domain      string
	postcode    func(r *rng) string
}

type place struct{ city, state, tz string }

func n(display, ascii string) name { return name{display, ascii} }

func westernStreet(number int, street string) string   { return itoa(number) + " " + street }
func europeanStreet(number int, street string) string  { return street + " " + itoa(number) }
func eastAsianStreet(number int, street string) string { return street + itoa(number) }

func digits(k int) func(r *rng) string {
	return func(r *rng) string {
		b := make([]byte, k)
		for i := range b {
			b[i] = byte('0' + r.intn(10))
		}
		return string(b)
	}
}

var locales = []locale{
	{ // United States: the bulk of an American organization's donors.
		first: []name{n("James", "james"), n("Mary", "mary"), n("Robert", "robert"), n("Patricia", "patricia"), n("John", "john"),
			n("Jennifer", "jennifer"), n("Michael", "michael"), n("Linda", "linda"), n("David", "david"), n("Elizabeth", "elizabeth"),
			n("Aaliyah", "aaliyah"), n("DeShawn", "deshawn"), n("Chloe", "chloe"), n("Ethan", "ethan"), n("Grace", "grace")},
		last: []name{n("Smith", "smith"), n("Johnson", "johnson"), n("Williams", "williams"), n("Brown", "brown"), n("Jones", "jones"),
			n("Garcia", "garcia"), n("Miller", "miller"), n("Davis", "davis"), n("O'Connor", "oconnor"), n("Washington", "washington"),
			n("Nguyen", "nguyen"), n("Kim", "kim"), n("Patel", "patel")},
		cities: []place{{"Springfield", "IL", "America/Chicago"}, {"Portland", "OR", "America/Los_Angeles"},
			{"Austin", "TX", "America/Chicago"}, {"Boston", "MA", "America/New_York"}, {"Denver", "CO", "America/Denver"},
			{"Brooklyn", "NY", "America/New_York"}, {"Honolulu", "HI", "Pacific/Honolulu"}},
		country: "United States", street: westernStreet, domain: "example.com", postcode: digits(5),
		streets: []string{"Maple Ave", "Oak Street", "Main St", "Cedar Lane", "Elm Drive", "Lincoln Blvd"},
	},
	{ // France and Québec: accents.
		first: []name{n("Élodie", "elodie"), n("François", "francois"), n("Hélène", "helene"), n("Zoë", "zoe"), n("Jérôme", "jerome"),
			n("Cécile", "cecile"), n("Anaïs", "anais"), n("Loïc", "loic")},
		last: []name{n("Lefèvre", "lefevre"), n("Dubois", "dubois"), n("Bérénger", "berenger"), n("Côté", "cote"), n("Gagné", "gagne"), n("Moreau", "moreau")},
		cities: []place{{"Paris", "Île-de-France", "Europe/Paris"}, {"Lyon", "Auvergne-Rhône-Alpes", "Europe/Paris"},
			{"Montréal", "Québec", "America/Toronto"}},
		country: "France", street: westernStreet, domain: "example.fr", postcode: digits(5),
		streets: []string{"rue de la Paix", "avenue des Champs-Élysées", "boulevard Saint-Germain", "rue Saint-Denis"},
	},
	{ // Germany: umlauts and ß.
		first: []name{n("Jürgen", "juergen"), n("Sößke", "soesske"), n("Björn", "bjoern"), n("Käthe", "kaethe"), n("Lukas", "lukas")},
		last:  []name{n("Müller", "mueller"), n("Schröder", "schroeder"), n("Weiß", "weiss"), n("Groß", "gross"), n("Becker", "becker")},
		cities: []place{{"München", "Bayern", "Europe/Berlin"}, {"Köln", "Nordrhein-Westfalen", "Europe/Berlin"},
			{"Düsseldorf", "Nordrhein-Westfalen", "Europe/Berlin"}},
		country: "Germany", street: europeanStreet, domain: "example.de", postcode: digits(5),
		streets: []string{"Hauptstraße", "Schloßallee", "Königsweg", "Bahnhofstraße"},
	},
	{ // Spain and Latin America.
		first:   []name{n("José", "jose"), n("María", "maria"), n("Íñigo", "inigo"), n("Sofía", "sofia"), n("Martín", "martin")},
		last:    []name{n("Núñez", "nunez"), n("Peña", "pena"), n("García", "garcia"), n("Muñoz", "munoz"), n("Ibáñez", "ibanez")},
		cities:  []place{{"Madrid", "Madrid", "Europe/Madrid"}, {"Sevilla", "Andalucía", "Europe/Madrid"}, {"Ciudad de México", "CDMX", "America/Mexico_City"}},
		country: "Spain", street: europeanStreet, domain: "example.es", postcode: digits(5),
		streets: []string{"Calle Mayor", "Avenida de la Constitución", "Paseo de la Castellana"},
	},
	{ // Japan: CJK, double-width.
		first:   []name{n("花子", "hanako"), n("太郎", "taro"), n("陽菜", "hina"), n("蓮", "ren"), n("さくら", "sakura")},
		last:    []name{n("山田", "yamada"), n("佐藤", "sato"), n("鈴木", "suzuki"), n("高橋", "takahashi"), n("田中", "tanaka")},
		cities:  []place{{"東京", "東京都", "Asia/Tokyo"}, {"大阪", "大阪府", "Asia/Tokyo"}, {"京都", "京都府", "Asia/Tokyo"}},
		country: "日本", street: eastAsianStreet, domain: "example.jp", postcode: digits(7),
		streets: []string{"千代田区丸の内1-", "中央区銀座4-", "北区紫野"},
	},
	{ // China and Korea.
		first:   []name{n("伟", "wei"), n("秀英", "xiuying"), n("민준", "minjun"), n("서연", "seoyeon"), n("静", "jing")},
		last:    []name{n("王", "wang"), n("李", "li"), n("김", "kim"), n("박", "park"), n("陈", "chen")},
		cities:  []place{{"北京", "北京市", "Asia/Shanghai"}, {"上海", "上海市", "Asia/Shanghai"}, {"서울", "서울특별시", "Asia/Seoul"}},
		country: "中国", street: eastAsianStreet, domain: "example.cn", postcode: digits(6),
		streets: []string{"朝阳区建国路", "浦东新区世纪大道", "강남구 테헤란로 "},
	},
	{ // Arabic and Hebrew: right-to-left.
		first:   []name{n("محمد", "mohammed"), n("فاطمة", "fatima"), n("נועה", "noa"), n("יוסף", "yosef"), n("ليلى", "layla")},
		last:    []name{n("العلي", "alali"), n("حداد", "haddad"), n("כהן", "cohen"), n("לוי", "levi"), n("منصور", "mansour")},
		cities:  []place{{"عمّان", "عمّان", "Asia/Amman"}, {"دبي", "دبي", "Asia/Dubai"}, {"תל אביב", "מחוז תל אביב", "Asia/Jerusalem"}},
		country: "الأردن", street: europeanStreet, domain: "example.org", postcode: digits(5),
		streets: []string{"شارع الملكة رانيا", "שדרות רוטשילד", "شارع الشيخ زايد"},
	},
	{ // Cyrillic, Greek and Devanagari.
		first:   []name{n("Анна", "anna"), n("Дмитрий", "dmitry"), n("Νίκος", "nikos"), n("Ελένη", "eleni"), n("प्रिया", "priya"), n("अर्जुन", "arjun")},
		last:    []name{n("Иванова", "ivanova"), n("Смирнов", "smirnov"), n("Παπαδόπουλος", "papadopoulos"), n("शर्मा", "sharma"), n("पटेल", "patel")},
		cities:  []place{{"Москва", "Москва", "Europe/Moscow"}, {"Αθήνα", "Αττική", "Europe/Athens"}, {"मुंबई", "महाराष्ट्र", "Asia/Kolkata"}},
		country: "Ελλάδα", street: westernStreet, domain: "example.net", postcode: digits(6),
		streets: []string{"улица Ленина", "Οδός Ερμού", "मरीन ड्राइव"},
	},
}

// longNames are the rare donors whose names stretch every column.
var longNames = []struct{ first, last name }{
	{n("Maria-Fernanda Guadalupe de los Ángeles", "mariafernanda"), n("Rodríguez-Villanueva y Santa Cruz de la Torre", "rodriguezvillanueva")},
	{n("Hubert Blaine", "hubert"), n("Wolfeschlegelsteinhausenbergerdorff Senior", "wolfeschlegelsteinhausenbergerdorff")},
	{n("Adolph", "adolph"), n("Kiefer-Wohlgemuth-Schwarzenegger-Fürstenberg-Habsburg", "kieferwohlgemuth")},
}

// personas are the first donors of every data set: documented, easy to find,
// and all regular givers, so the README and tests can name them.
var personas = []struct {
	first, last name
	locale      int
	email       string
}{
	{n("Ada", "ada"), n("Lovelace", "lovelace"), 0, "ada.lovelace@example.org"},
	{n("花子", "hanako"), n("山田", "yamada"), 4, "hanako.yamada@example.jp"},
	{n("José", "jose"), n("Núñez", "nunez"), 3, "jose.nunez@example.es"},
	{n("محمد", "mohammed"), n("العلي", "alali"), 6, "mohammed.alali@example.org"},
	{n("Zoë", "zoe"), n("Lefèvre", "lefevre"), 1, "zoe.lefevre@example.fr"},
}

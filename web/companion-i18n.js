// Every word of the companion pages in German, English and Czech. The
// language comes from the address (?lang=), else the player's remembered
// choice, else the site's switcher, else the browser. A key missing from
// a language falls back to English and is recorded in window.kwcMissing,
// which the browser tests check is empty.

const en = {
  "mm.stats": "ATK {atk} DEF {def}", "language": "Language",
  "code.title": "Add by the card's code", "code.placeholder": "Registration code, e.g. 7KQ2M-XP0AH-…", "code.scan": "Scan",
  "code.offline": "Reading a code needs the network: type the card's name instead.", "code.other_game": "{card} is a card of another game",
  "code.no_camera": "No camera to scan with: type the code instead.",
  "title.mystimons": "MystiMons companion", "title.mysticelements": "Mystic Elements companion", "title.microlife": "Micro-Life companion",
  "title.athernum": "Athernum companion", "title.zynalith": "Zynalith companion", "title.choose": "Kartenwerk companion",
  "choose.title": "Which game are you playing?", "choose.help": "The companion keeps what the cards cannot show, one phone per player. Choose the game at your table.",
  "other_game": "Another game",
  "online": "online", "offline": "offline", "pending": "{n} waiting to sync", "loading": "Loading the table…",
  "offline_nothing": "Offline, and this phone has not seen this table yet: open it again with the network.",
  "cancel": "Cancel", "confirm": "Do it anyway",
  "start.title": "Start a table", "start.help": "Track what the cards cannot show. The other players join with a link or the QR code this phone shows next.",
  "your_name": "Your name", "start.button": "Start the table", "recent": "Your recent tables", "start.offline": "Starting a table needs the network: try again when you are online.",
  "join.title": "Join this table", "join.button": "Join", "join.already": "Or, if you are at this table already:", "i_am": "I am {name}",
  "join.offline": "Joining needs the network: try again when you are online.",
  "winner": "{name} wins!", "new_game": "New game, same players", "you": "you", "their_turn": "to play",
  "c.round": "Round", "c.turn": "Turn", "c.active": "To play:", "c.energy": "Energy", "c.promote": "Promote tokens", "c.demote": "Demote tokens",
  "c.life": "Life", "c.sugar": "Sugar", "c.vp": "VP", "c.command": "Command tokens", "c.initiative": "Initiative", "c.hp": "HP",
  "c.silver": "Silver", "c.zynalith": "Zynalith", "c.score": "Score", "c.pool": "Pool", "c.placed": "Energy placed", "c.mnext": "MystiMons added",
  "c.max": "Max HP", "c.card": "Card", "c.relic": "Relic", "c.burn": "Burn", "c.poison": "Poison", "c.frozen": "Frozen", "c.paralyzed": "Paralyzed",
  "c.winner": "Winner", "c.phase": "Phase", "c.players": "Players",
  "act.gain": "Gain {n} energy", "act.end_turn": "End turn", "act.claim": "Claim 1 VP", "act.next_round": "Next round (+10 Silver)",
  "act.score": "Final score", "act.end_phase": "End Phase and pass",
  "el.fire": "Fire", "el.water": "Water", "el.earth": "Earth", "el.any": "Any",
  "phase.draw": "Draw", "phase.energy": "Energy", "phase.main": "Main", "phase.combat": "Combat", "phase.end": "End",
  "mm.search": "Add a MystiMon: type its name", "mm.stage": "Stage {n}", "mm.add": "Add", "mm.evolve_into": "Evolve into {into}: {have}/{need}",
  "mm.no_relic": "No relic", "mm.remove": "Knocked out / remove", "mm.attack": "Attack", "mm.attacker": "Attacker", "mm.target": "Target",
  "mm.power": "+power", "mm.attack_button": "Deal damage",
  "mm.choose_attacker": "Choose the MystiMon that attacks.", "mm.choose_target": "Choose the MystiMon it attacks.",
  "mm.no_attacker": "You have no MystiMon to attack with: add one first.", "mm.no_target": "No other player has a MystiMon to attack yet.",
  "st.burn": "Burn", "st.poison": "Poison", "st.frozen": "Frozen", "st.paralyzed": "Paralyzed",
  "invite.title": "Invite players", "invite.help": "Scan the code with another phone, or send the link.", "invite.qr": "QR code of the table's link",
  "invite.share": "Share the link",
  "log": "Log", "undo": "Undo", "waiting": "waiting", "no_table": "There is no such table: check the link, or start a new one.",
  "cmd.join": "joined", "cmd.undo": "undid #{seq}", "cmd.add": "{target} {n}", "cmd.set": "{target} = {arg}", "cmd.summon": "added {arg}",
  "cmd.attach": "attached {arg} energy to {target}", "cmd.pool": "pool {arg} {n}", "cmd.evolve": "evolved {target} into {arg}",
  "cmd.relic": "relic of {target}: {arg}", "cmd.status": "{target}: {arg} {n}", "cmd.attack": "{target} attacked {arg}",
  "cmd.phase": "phase: {arg}", "cmd.end-turn": "ended the turn", "cmd.remove": "took {target} off the field", "cmd.gain": "gained energy",
  "cmd.claim": "claimed 1 VP", "cmd.next-round": "began the next round", "cmd.score": "scored the game", "cmd.new-game": "began a new game",
  "note.win": "{seat} wins", "note.limit": "{target} is {value}: the rules keep it between {min} and {max}",
  "note.mm.summon_stage": "{card} is not Stage 1: only Stage 1 MystiMons are summoned", "note.mm.field_full": "The field already holds 3 MystiMons",
  "note.mm.energy_phase": "Energy is placed in the Energy Phase", "note.mm.not_your_turn": "It is not this player's turn",
  "note.mm.one_energy": "That is a second energy card this turn: one per turn, unless a card allows more",
  "note.mm.element_mismatch": "{element} energy on {card}: the element must match, or be a wildcard",
  "note.mm.pool_short": "The pool did not hold that much", "note.mm.drain_5": "{card} is ★★★★: HP-Drain active! −5 HP in every own End Phase",
  "note.mm.drain_10": "{card} is ★★★★★: warning, −10 HP every turn!", "note.mm.not_next_form": "{card} does not evolve from {from}",
  "note.mm.below_threshold": "Only {have} of {need} energy attached", "note.mm.main_phase": "Evolving is done in the Main Phase",
  "note.mm.frozen": "{target} was Frozen and skips this attack", "note.mm.damage": "{attacker} deals {damage} to {target} (ATK {atk} − DEF {def}, element chart)",
  "note.mm.knockout": "{card} is knocked out", "note.mm.end_loss": "End Phase: {card} loses {loss} HP", "note.mm.evolve": "{target} can evolve into {into} ({have}/{need})",
  "note.mm.drains": "HP drain −{loss} in every own End Phase",
  "note.me.gained": "+{n} energy for this round", "note.me.cap": "Cleanup: {lost} energy above 5 is lost", "note.me.round_energy": "This round gives {n} energy",
  "note.me.over_cap": "{target}: more than 5 energy will not carry over", "note.me.tokens_cancel": "{target}: a promote and a demote token cancel each other",
  "note.ml.draw_up": "Draw up to 3 cards", "note.ml.upkeep": "{target}: +1 sugar at the start of the turn", "note.ml.half_life": "{target}: half life or less — Opportunistic pathogens are active",
  "note.at.claim_tokens": "Claiming costs 2 command tokens", "note.at.pool_empty": "The VP pool is empty", "note.at.superiority": "{target} needs {need} more VP for superiority",
  "note.zy.income": "Every player gains 10 Silver", "note.zy.early": "Scored in round {round}: the game ends after round 5", "note.zy.score": "{target}: score {score} (VP + Zynalith + Silver/10)",
};

const de = {
  "mm.stats": "ANG {atk} VER {def}", "language": "Sprache",
  "code.title": "Per Kartencode hinzufügen", "code.placeholder": "Registrierungscode, z. B. 7KQ2M-XP0AH-…", "code.scan": "Scannen",
  "code.offline": "Einen Code zu lesen braucht das Netz: tippe stattdessen den Kartennamen.", "code.other_game": "{card} ist eine Karte eines anderen Spiels",
  "code.no_camera": "Keine Kamera zum Scannen: tippe den Code ein.",
  "title.mystimons": "MystiMons-Begleiter", "title.mysticelements": "Mystic-Elements-Begleiter", "title.microlife": "Micro-Life-Begleiter",
  "title.athernum": "Athernum-Begleiter", "title.zynalith": "Zynalith-Begleiter", "title.choose": "Kartenwerk-Begleiter",
  "choose.title": "Welches Spiel spielt ihr?", "choose.help": "Der Begleiter zählt, was die Karten nicht zeigen, ein Handy pro Spieler. Wähle das Spiel an eurem Tisch.",
  "other_game": "Anderes Spiel",
  "online": "verbunden", "offline": "nicht verbunden", "pending": "{n} warten auf Abgleich", "loading": "Der Tisch wird geladen…",
  "offline_nothing": "Offline, und dieses Handy kennt den Tisch noch nicht: öffne ihn wieder mit Netz.",
  "cancel": "Abbrechen", "confirm": "Trotzdem",
  "start.title": "Tisch eröffnen", "start.help": "Zählt, was die Karten nicht zeigen. Die anderen kommen per Link oder über den QR-Code, den dieses Handy gleich zeigt.",
  "your_name": "Dein Name", "start.button": "Tisch eröffnen", "recent": "Deine letzten Tische", "start.offline": "Ein Tisch braucht zum Eröffnen das Netz: versuch es wieder, wenn du online bist.",
  "join.title": "Diesem Tisch beitreten", "join.button": "Beitreten", "join.already": "Oder, wenn du schon an diesem Tisch bist:", "i_am": "Ich bin {name}",
  "join.offline": "Beitreten braucht das Netz: versuch es wieder, wenn du online bist.",
  "winner": "{name} gewinnt!", "new_game": "Neues Spiel, dieselben Spieler", "you": "du", "their_turn": "am Zug",
  "c.round": "Runde", "c.turn": "Zug", "c.active": "Am Zug:", "c.energy": "Energie", "c.promote": "Stärkungsmarken", "c.demote": "Schwächungsmarken",
  "c.life": "Leben", "c.sugar": "Zucker", "c.vp": "SP", "c.command": "Befehlsmarken", "c.initiative": "Initiative", "c.hp": "LP",
  "c.silver": "Silber", "c.zynalith": "Zynalith", "c.score": "Wertung", "c.pool": "Pool", "c.placed": "Energie gelegt", "c.mnext": "MystiMons hinzugefügt",
  "c.max": "Max-LP", "c.card": "Karte", "c.relic": "Relikt", "c.burn": "Brand", "c.poison": "Gift", "c.frozen": "Eingefroren", "c.paralyzed": "Paralysiert",
  "c.winner": "Sieger", "c.phase": "Phase", "c.players": "Spieler",
  "act.gain": "{n} Energie erhalten", "act.end_turn": "Zug beenden", "act.claim": "1 SP beanspruchen", "act.next_round": "Nächste Runde (+10 Silber)",
  "act.score": "Endwertung", "act.end_phase": "End-Phase und weitergeben",
  "el.fire": "Feuer", "el.water": "Wasser", "el.earth": "Erde", "el.any": "Beliebig",
  "phase.draw": "Ziehen", "phase.energy": "Energie", "phase.main": "Haupt", "phase.combat": "Kampf", "phase.end": "Ende",
  "mm.search": "MystiMon hinzufügen: Namen tippen", "mm.stage": "Stufe {n}", "mm.add": "Hinzufügen", "mm.evolve_into": "Entwickeln zu {into}: {have}/{need}",
  "mm.no_relic": "Kein Relikt", "mm.remove": "K.O. / entfernen", "mm.attack": "Angriff", "mm.attacker": "Angreifer", "mm.target": "Ziel",
  "mm.power": "+Stärke", "mm.attack_button": "Schaden zufügen",
  "mm.choose_attacker": "Wähle den MystiMon, der angreift.", "mm.choose_target": "Wähle den MystiMon, den er angreift.",
  "mm.no_attacker": "Du hast keinen MystiMon, der angreifen kann: füge erst einen hinzu.", "mm.no_target": "Noch hat kein anderer Spieler einen MystiMon, den du angreifen kannst.",
  "st.burn": "Brand", "st.poison": "Gift", "st.frozen": "Eingefroren", "st.paralyzed": "Paralysiert",
  "invite.title": "Mitspieler einladen", "invite.help": "Scanne den Code mit einem anderen Handy oder schick den Link.", "invite.qr": "QR-Code des Tisch-Links",
  "invite.share": "Link teilen",
  "log": "Protokoll", "undo": "Rückgängig", "waiting": "wartet", "no_table": "Diesen Tisch gibt es nicht: prüfe den Link oder eröffne einen neuen.",
  "cmd.join": "ist beigetreten", "cmd.undo": "hat #{seq} rückgängig gemacht", "cmd.add": "{target} {n}", "cmd.set": "{target} = {arg}", "cmd.summon": "hat {arg} hinzugefügt",
  "cmd.attach": "hat {arg}-Energie an {target} angelegt", "cmd.pool": "Pool {arg} {n}", "cmd.evolve": "hat {target} zu {arg} entwickelt",
  "cmd.relic": "Relikt von {target}: {arg}", "cmd.status": "{target}: {arg} {n}", "cmd.attack": "{target} hat {arg} angegriffen",
  "cmd.phase": "Phase: {arg}", "cmd.end-turn": "hat den Zug beendet", "cmd.remove": "hat {target} vom Feld genommen", "cmd.gain": "hat Energie erhalten",
  "cmd.claim": "hat 1 SP beansprucht", "cmd.next-round": "hat die nächste Runde begonnen", "cmd.score": "hat gewertet", "cmd.new-game": "hat ein neues Spiel begonnen",
  "note.win": "{seat} gewinnt", "note.limit": "{target} ist {value}: die Regeln halten es zwischen {min} und {max}",
  "note.mm.summon_stage": "{card} ist nicht Stufe 1: beschworen werden nur Stufe-1-MystiMons", "note.mm.field_full": "Auf dem Feld liegen schon 3 MystiMons",
  "note.mm.energy_phase": "Energie wird in der Energie-Phase gelegt", "note.mm.not_your_turn": "Dieser Spieler ist nicht am Zug",
  "note.mm.one_energy": "Das ist die zweite Energiekarte in diesem Zug: eine pro Zug, außer eine Karte erlaubt mehr",
  "note.mm.element_mismatch": "{element}-Energie an {card}: das Element muss passen oder ein Joker sein",
  "note.mm.pool_short": "So viel lag nicht im Pool", "note.mm.drain_5": "{card} ist ★★★★: HP-Drain aktiv! −5 LP in jeder eigenen End-Phase",
  "note.mm.drain_10": "{card} ist ★★★★★: Warnung: −10 HP/Zug!", "note.mm.not_next_form": "{card} entwickelt sich nicht aus {from}",
  "note.mm.below_threshold": "Nur {have} von {need} Energie angelegt", "note.mm.main_phase": "Entwickelt wird in der Haupt-Phase",
  "note.mm.frozen": "{target} war eingefroren und setzt diesen Angriff aus", "note.mm.damage": "{attacker} macht {damage} Schaden an {target} (ANG {atk} − VER {def}, Elementtabelle)",
  "note.mm.knockout": "{card} ist K.O.", "note.mm.end_loss": "End-Phase: {card} verliert {loss} LP", "note.mm.evolve": "{target} kann sich zu {into} entwickeln ({have}/{need})",
  "note.mm.drains": "HP-Drain −{loss} in jeder eigenen End-Phase",
  "note.me.gained": "+{n} Energie für diese Runde", "note.me.cap": "Aufräumen: {lost} Energie über 5 verfällt", "note.me.round_energy": "Diese Runde gibt {n} Energie",
  "note.me.over_cap": "{target}: mehr als 5 Energie wird nicht übertragen", "note.me.tokens_cancel": "{target}: eine Stärkungs- und eine Schwächungsmarke heben sich auf",
  "note.ml.draw_up": "Auf 3 Karten nachziehen", "note.ml.upkeep": "{target}: +1 Zucker zu Beginn des Zuges", "note.ml.half_life": "{target}: halbes Leben oder weniger — Opportunistische Erreger wirken",
  "note.at.claim_tokens": "Beanspruchen kostet 2 Befehlsmarken", "note.at.pool_empty": "Der SP-Pool ist leer", "note.at.superiority": "{target} braucht noch {need} SP zur Punkteüberlegenheit",
  "note.zy.income": "Jeder Spieler erhält 10 Silber", "note.zy.early": "In Runde {round} gewertet: das Spiel endet nach Runde 5", "note.zy.score": "{target}: Wertung {score} (SP + Zynalith + Silber/10)",
};

const cs = {
  "mm.stats": "útok {atk} obrana {def}", "language": "Jazyk",
  "code.title": "Přidat podle kódu karty", "code.placeholder": "Registrační kód, např. 7KQ2M-XP0AH-…", "code.scan": "Skenovat",
  "code.offline": "Čtení kódu potřebuje síť: napište místo toho jméno karty.", "code.other_game": "{card} je karta jiné hry",
  "code.no_camera": "Není kamera ke skenování: napište kód.",
  "title.mystimons": "Pomocník MystiMons", "title.mysticelements": "Pomocník Mystic Elements", "title.microlife": "Pomocník Micro-Life",
  "title.athernum": "Pomocník Athernum", "title.zynalith": "Pomocník Zynalith", "title.choose": "Pomocník Kartenwerk",
  "choose.title": "Jakou hru hrajete?", "choose.help": "Pomocník počítá, co karty neukážou, jeden telefon na hráče. Vyberte hru u vašeho stolu.",
  "other_game": "Jiná hra",
  "online": "připojeno", "offline": "nepřipojeno", "pending": "{n} čeká na synchronizaci", "loading": "Načítám stůl…",
  "offline_nothing": "Offline, a tento telefon stůl ještě neviděl: otevřete ho znovu se sítí.",
  "cancel": "Zrušit", "confirm": "Přesto provést",
  "start.title": "Založit stůl", "start.help": "Počítá, co karty neukážou. Ostatní hráči se připojí odkazem nebo QR kódem, který tento telefon hned ukáže.",
  "your_name": "Vaše jméno", "start.button": "Založit stůl", "recent": "Vaše poslední stoly", "start.offline": "Založení stolu potřebuje síť: zkuste to znovu online.",
  "join.title": "Připojit se ke stolu", "join.button": "Připojit", "join.already": "Nebo, pokud už u tohoto stolu jste:", "i_am": "Jsem {name}",
  "join.offline": "Připojení potřebuje síť: zkuste to znovu online.",
  "winner": "Vítězí {name}!", "new_game": "Nová hra se stejnými hráči", "you": "vy", "their_turn": "na tahu",
  "c.round": "Kolo", "c.turn": "Tah", "c.active": "Na tahu:", "c.energy": "Energie", "c.promote": "Žetony posílení", "c.demote": "Žetony oslabení",
  "c.life": "Životy", "c.sugar": "Cukr", "c.vp": "VB", "c.command": "Žetony rozkazů", "c.initiative": "Iniciativa", "c.hp": "Životy",
  "c.silver": "Stříbro", "c.zynalith": "Zynalith", "c.score": "Skóre", "c.pool": "Zásoba", "c.placed": "Položená energie", "c.mnext": "Přidaní MystiMoni",
  "c.max": "Max. životy", "c.card": "Karta", "c.relic": "Relikvie", "c.burn": "Popálení", "c.poison": "Jed", "c.frozen": "Zmrazení", "c.paralyzed": "Ochromení",
  "c.winner": "Vítěz", "c.phase": "Fáze", "c.players": "Hráči",
  "act.gain": "Získat {n} energie", "act.end_turn": "Ukončit tah", "act.claim": "Získat 1 VB", "act.next_round": "Další kolo (+10 stříbra)",
  "act.score": "Závěrečné skóre", "act.end_phase": "Konec tahu a předat",
  "el.fire": "Oheň", "el.water": "Voda", "el.earth": "Země", "el.any": "Libovolná",
  "phase.draw": "Dobírání", "phase.energy": "Energie", "phase.main": "Hlavní", "phase.combat": "Boj", "phase.end": "Konec",
  "mm.search": "Přidat MystiMona: napište jméno", "mm.stage": "Stupeň {n}", "mm.add": "Přidat", "mm.evolve_into": "Vyvinout v {into}: {have}/{need}",
  "mm.no_relic": "Bez relikvie", "mm.remove": "K.O. / odebrat", "mm.attack": "Útok", "mm.attacker": "Útočník", "mm.target": "Cíl",
  "mm.power": "+síla", "mm.attack_button": "Udělit zranění",
  "mm.choose_attacker": "Vyberte MystiMona, který útočí.", "mm.choose_target": "Vyberte MystiMona, na kterého útočí.",
  "mm.no_attacker": "Nemáte žádného MystiMona, který by mohl útočit: nejdřív nějakého přidejte.", "mm.no_target": "Žádný jiný hráč zatím nemá MystiMona, na kterého by se dalo zaútočit.",
  "st.burn": "Popálení", "st.poison": "Jed", "st.frozen": "Zmrazení", "st.paralyzed": "Ochromení",
  "invite.title": "Pozvat hráče", "invite.help": "Naskenujte kód jiným telefonem, nebo pošlete odkaz.", "invite.qr": "QR kód odkazu na stůl",
  "invite.share": "Sdílet odkaz",
  "log": "Záznam", "undo": "Zpět", "waiting": "čeká", "no_table": "Takový stůl neexistuje: zkontrolujte odkaz, nebo založte nový.",
  "cmd.join": "se připojil(a)", "cmd.undo": "vrátil(a) #{seq}", "cmd.add": "{target} {n}", "cmd.set": "{target} = {arg}", "cmd.summon": "přidal(a) {arg}",
  "cmd.attach": "připojil(a) energii {arg} k {target}", "cmd.pool": "zásoba {arg} {n}", "cmd.evolve": "vyvinul(a) {target} v {arg}",
  "cmd.relic": "relikvie {target}: {arg}", "cmd.status": "{target}: {arg} {n}", "cmd.attack": "{target} zaútočil(a) na {arg}",
  "cmd.phase": "fáze: {arg}", "cmd.end-turn": "ukončil(a) tah", "cmd.remove": "odebral(a) {target} z pole", "cmd.gain": "získal(a) energii",
  "cmd.claim": "získal(a) 1 VB", "cmd.next-round": "zahájil(a) další kolo", "cmd.score": "spočítal(a) skóre", "cmd.new-game": "zahájil(a) novou hru",
  "note.win": "Vítězí {seat}", "note.limit": "{target} je {value}: pravidla ho drží mezi {min} a {max}",
  "note.mm.summon_stage": "{card} není stupeň 1: vyvolávají se jen MystiMoni stupně 1", "note.mm.field_full": "Na poli už jsou 3 MystiMoni",
  "note.mm.energy_phase": "Energie se pokládá ve fázi energie", "note.mm.not_your_turn": "Tento hráč není na tahu",
  "note.mm.one_energy": "To je druhá karta energie v tomto tahu: jedna za tah, pokud karta nedovolí víc",
  "note.mm.element_mismatch": "Energie {element} na {card}: živel musí souhlasit, nebo být žolík",
  "note.mm.pool_short": "V zásobě tolik nebylo", "note.mm.drain_5": "{card} je ★★★★: HP-Drain aktivní! −5 životů v každé vlastní závěrečné fázi",
  "note.mm.drain_10": "{card} je ★★★★★: pozor, −10 životů každý tah!", "note.mm.not_next_form": "{card} se nevyvíjí z {from}",
  "note.mm.below_threshold": "Připojeno jen {have} z {need} energie", "note.mm.main_phase": "Vývoj se provádí v hlavní fázi",
  "note.mm.frozen": "{target} byl(a) zmrazen(a) a tento útok vynechá", "note.mm.damage": "{attacker} udělí {damage} zranění {target} (útok {atk} − obrana {def}, tabulka živlů)",
  "note.mm.knockout": "{card} je K.O.", "note.mm.end_loss": "Závěrečná fáze: {card} ztrácí {loss} životů", "note.mm.evolve": "{target} se může vyvinout v {into} ({have}/{need})",
  "note.mm.drains": "HP-Drain −{loss} v každé vlastní závěrečné fázi",
  "note.me.gained": "+{n} energie za toto kolo", "note.me.cap": "Úklid: {lost} energie nad 5 propadá", "note.me.round_energy": "Toto kolo dává {n} energie",
  "note.me.over_cap": "{target}: víc než 5 energie se nepřenese", "note.me.tokens_cancel": "{target}: žeton posílení a oslabení se vzájemně ruší",
  "note.ml.draw_up": "Doberte do 3 karet", "note.ml.upkeep": "{target}: +1 cukr na začátku tahu", "note.ml.half_life": "{target}: polovina životů nebo méně — oportunní patogeny působí",
  "note.at.claim_tokens": "Získání stojí 2 žetony rozkazů", "note.at.pool_empty": "Zásoba VB je prázdná", "note.at.superiority": "{target} potřebuje ještě {need} VB k převaze",
  "note.zy.income": "Každý hráč získá 10 stříbra", "note.zy.early": "Spočítáno v kole {round}: hra končí po 5. kole", "note.zy.score": "{target}: skóre {score} (VB + Zynalith + stříbro/10)",
};

/** catalogue holds every language's words, for the tests to compare. */
export const catalogue = {de, en, cs};

const KEY = "kwc.lang";

function pick() {
  // The address's ?lang=, as every page of the site takes it.
  const asked = new URLSearchParams(location.search).get("lang");
  if (catalogue[asked]) return asked;
  try {
    const chosen = localStorage.getItem(KEY);
    if (chosen && catalogue[chosen]) return chosen;
  } catch { /* no storage: the site's or the browser's language */ }
  // The language chosen with the site's switcher (the lobby, the table).
  const site = (document.cookie.split("; ").find((c) => c.startsWith("lang=")) || "").slice("lang=".length);
  if (catalogue[site]) return site;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).slice(0, 2).toLowerCase();
    if (catalogue[base]) return base;
  }
  return "en";
}

let current = pick();

/** lang is the language in use. */
export function lang() { return current; }

/** setLang switches the language and remembers the choice. */
export function setLang(l) {
  if (!catalogue[l]) return;
  current = l;
  try { localStorage.setItem(KEY, l); } catch { /* kept for this page */ }
}

/** t is the text of key in the current language with {vars} filled in. */
export function t(key, vars) {
  let s = catalogue[current][key];
  if (s === undefined) {
    (window.kwcMissing = window.kwcMissing || []).push(current + ":" + key);
    s = en[key] !== undefined ? en[key] : key;
  }
  return s.replace(/\{(\w+)\}/g, (m, k) => (vars && vars[k] !== undefined ? vars[k] : m));
}

package scheduler

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// seating is the second stage of a schedule: who sits where in each game. seat[g*k+s]
// is the player (0-based) in seat s+1 of game g.
//
// Every player sits in every seat exactly r/k times: the seed's "equal distribution of
// ... starting situation". Within that, the search evens out the turn order: how often
// each player sits directly after each other player (seat s+1 after seat s).
type seating struct {
	p      plan
	seat   []int
	follow []int32 // follow[a*n+b]: games in which b sits directly after a

	// atSeat[s*n+q] lists the games in which player q sits in seat s; slot[g*k+s] is
	// g's index in that list.
	atSeat [][]int
	slot   []int

	// seatings counts equal seatings (same players in the same seats, by a 64-bit
	// hash) when sets of players repeat; nil when every game has its own set.
	seatings map[uint64]int32

	followCost, dupCost int // Σ follow², pairs of games with equal seatings
}

// dupWeight is what one pair of games with the same seating costs in the turn-order
// search, against a change of 2 in Σ follow² for moving one relation between pairs.
const dupWeight = 6

// assignSeats colours the edges of the game–player incidence graph with k seat colours
// so that every game gets each seat once and every player each seat r/k times.
//
// Each player is split into r/k copies holding k of its games each, which makes the
// graph k-regular and bipartite (games on one side, copies on the other). By König's
// edge-colouring theorem such a graph splits into k perfect matchings; matching s
// gives every game its seat-s player and every copy exactly one seat s, so every
// player sits in every seat r/k times.
func assignSeats(p plan, games []uint32, rng *rand.Rand) []int {
	n, k, G := p.n, p.k, p.games
	// copyPlayer[c] is the player of copy c; adj[g] the copies still joined to game g.
	copyPlayer := make([]int, 0, G)
	adj := make([][]int, G)
	for q := range n {
		var mine []int
		for g, m := range games {
			if m&(1<<q) != 0 {
				mine = append(mine, g)
			}
		}
		rng.Shuffle(len(mine), func(i, j int) { mine[i], mine[j] = mine[j], mine[i] })
		for start := 0; start < len(mine); start += k {
			c := len(copyPlayer)
			copyPlayer = append(copyPlayer, q)
			for _, g := range mine[start : start+k] {
				adj[g] = append(adj[g], c)
			}
		}
	}
	seat := make([]int, G*k)
	gameOf := make([]int, len(copyPlayer)) // copy -> matched game
	visit := make([]int, len(copyPlayer))
	stamp := 0
	var augment func(g int) bool
	augment = func(g int) bool {
		for _, c := range adj[g] {
			if visit[c] == stamp {
				continue
			}
			visit[c] = stamp
			if gameOf[c] < 0 || augment(gameOf[c]) {
				gameOf[c] = g
				return true
			}
		}
		return false
	}
	for s := range k {
		for c := range gameOf {
			gameOf[c] = -1
		}
		for g := range G {
			stamp++
			// König: the remaining graph is (k−s)-regular, so a perfect matching exists.
			augment(g)
		}
		for c, g := range gameOf {
			if g < 0 {
				continue // cannot happen (König); Verify would refuse the seats
			}
			seat[g*k+s] = copyPlayer[c]
			for i, x := range adj[g] {
				if x == c {
					adj[g][i] = adj[g][len(adj[g])-1]
					adj[g] = adj[g][:len(adj[g])-1]
					break
				}
			}
		}
	}
	return seat
}

// newSeating wraps a seat assignment with the counts the turn-order search needs.
func newSeating(p plan, seat []int, setsRepeat bool) *seating {
	n, k := p.n, p.k
	st := &seating{
		p:      p,
		seat:   seat,
		follow: make([]int32, n*n),
		atSeat: make([][]int, k*n),
		slot:   make([]int, len(seat)),
	}
	if setsRepeat {
		st.seatings = make(map[uint64]int32)
	}
	for g := range p.games {
		for s := range k {
			q := seat[g*k+s]
			st.slot[g*k+s] = len(st.atSeat[s*n+q])
			st.atSeat[s*n+q] = append(st.atSeat[s*n+q], g)
			if s+1 < k {
				st.follow[q*n+seat[g*k+s+1]]++
			}
		}
		if st.seatings != nil {
			key := st.key(g)
			st.dupCost += int(st.seatings[key])
			st.seatings[key]++
		}
	}
	for _, f := range st.follow {
		st.followCost += int(f) * int(f)
	}
	return st
}

// key is a hash (FNV-1a) of game g's seating. A collision would only misprice a
// move; Verify compares seatings exactly.
func (st *seating) key(g int) uint64 {
	k := st.p.k
	h := uint64(14695981039346656037)
	for _, q := range st.seat[g*k : g*k+k] {
		h ^= uint64(q)
		h *= 1099511628211
	}
	return h
}

// minFollowCost is the least Σ follow² conceivable: the G(k−1) "sits directly after"
// relations shared evenly over the n(n−1) ordered pairs.
func (p plan) minFollowCost() int {
	pairs := p.n * (p.n - 1)
	total := p.games * (p.k - 1)
	q, rem := total/pairs, total%pairs
	return rem*(q+1)*(q+1) + (pairs-rem)*q*q
}

// swapInGame exchanges the players of seats i and j in game g, keeping follow and the
// seating counts up to date, and returns the change in cost.
func (st *seating) swapInGame(g, i, j int) int {
	n, k := st.p.n, st.p.k
	base := g * k
	touched, nt := touchedSeats(i, j, k)
	delta := 0
	for _, s := range touched[:nt] {
		f := &st.follow[st.seat[base+s]*n+st.seat[base+s+1]]
		delta += -2*int(*f) + 1
		*f--
	}
	dups := 0
	if st.seatings != nil {
		key := st.key(g)
		st.seatings[key]--
		dups -= int(st.seatings[key])
	}
	st.seat[base+i], st.seat[base+j] = st.seat[base+j], st.seat[base+i]
	for _, s := range touched[:nt] {
		f := &st.follow[st.seat[base+s]*n+st.seat[base+s+1]]
		delta += 2*int(*f) + 1
		*f++
	}
	if st.seatings != nil {
		key := st.key(g)
		dups += int(st.seatings[key])
		st.seatings[key]++
	}
	st.followCost += delta
	st.dupCost += dups
	return delta + dupWeight*dups
}

// touchedSeats lists, once each, the seats s whose "seat s+1 directly after seat s"
// relation an exchange of seats i and j changes: s among i−1, i, j−1, j within 0..k−2.
// It returns them in an array with their count, to stay off the heap.
func touchedSeats(i, j, k int) ([4]int, int) {
	var touched [4]int
	nt := 0
	for _, s := range [4]int{i - 1, i, j - 1, j} {
		if s >= 0 && s+1 < k && !slices.Contains(touched[:nt], s) {
			touched[nt] = s
			nt++
		}
	}
	return touched, nt
}

// followChange is a pending change of one follow count.
type followChange struct {
	at int
	by int32
}

// cycleDelta is the change in Σ follow² that exchanging seats i and j in every game of
// cycle would make, without making it.
func (st *seating) cycleDelta(cycle []int, i, j int) int {
	n, k := st.p.n, st.p.k
	var buf [64]followChange
	changes := buf[:0]
	add := func(at int, by int32) {
		for c := range changes {
			if changes[c].at == at {
				changes[c].by += by
				return
			}
		}
		changes = append(changes, followChange{at, by})
	}
	touched, nt := touchedSeats(i, j, k)
	for _, g := range cycle {
		seat := st.seat[g*k : g*k+k]
		for _, s := range touched[:nt] {
			add(seat[s]*n+seat[s+1], -1)
			// After the exchange seats i and j hold each other's players.
			a, b := seat[s], seat[s+1]
			switch s {
			case i:
				a = seat[j]
			case j:
				a = seat[i]
			}
			switch s + 1 {
			case i:
				b = seat[j]
			case j:
				b = seat[i]
			}
			add(a*n+b, +1)
		}
	}
	delta := 0
	for _, c := range changes {
		f := int(st.follow[c.at])
		d := int(c.by)
		delta += 2*f*d + d*d
	}
	return delta
}

// moveSlot records that game g's seat s now holds player to instead of player from.
func (st *seating) moveSlot(g, s, from, to int) {
	n, k := st.p.n, st.p.k
	list := st.atSeat[s*n+from]
	i := st.slot[g*k+s]
	last := list[len(list)-1]
	list[i] = last
	st.slot[last*k+s] = i
	st.atSeat[s*n+from] = list[:len(list)-1]
	st.slot[g*k+s] = len(st.atSeat[s*n+to])
	st.atSeat[s*n+to] = append(st.atSeat[s*n+to], g)
}

// seatTemperature is the fixed temperature of the turn-order search.
const seatTemperature = 0.65

// search evens out the turn order by a Metropolis search at a fixed temperature over
// seat exchanges that keep every player's seat counts. For two seats i and j, let
// every game be an arc from its seat-i player to its seat-j player; each player has as
// many arcs out as in (r/k each), and exchanging seats i and j in all games of a
// directed cycle keeps that so. A random walk along arcs finds such a cycle. The search
// stops at the conceivable optimum (every ordered pair within 1 of the mean) and
// otherwise leaves the best seating seen.
func (st *seating) search(rng *rand.Rand, budget int) {
	p := st.p
	n, k := p.n, p.k
	if k < 2 {
		return
	}
	target := p.minFollowCost()
	cost := st.followCost + dupWeight*st.dupCost
	best := cost
	bestSeat := append([]int(nil), st.seat...)
	done := func() bool { return st.dupCost == 0 && st.followCost == target }
	if done() {
		return
	}
	visitedAt := make([]int, n)
	stamp := make([]int, n)
	round := 0
	cycle := make([]int, 0, n+1)
	walk := make([]int, 0, n+1)
	// The budget counts games exchanged, so long cycles (few games per player and
	// seat) cost what they weigh. Stop early once the best has not improved for half
	// the budget.
	lastBest := 0
	for work := 0; work < budget && work-lastBest < budget/2; {
		i := rng.IntN(k)
		j := rng.IntN(k - 1)
		if j >= i {
			j++
		}
		// Walk arcs seat i -> seat j from a random game until a player repeats.
		round++
		walk = walk[:0]
		g := rng.IntN(p.games)
		stamp[st.seat[g*k+i]], visitedAt[st.seat[g*k+i]] = round, 0
		for {
			walk = append(walk, g)
			head := st.seat[g*k+j]
			if stamp[head] == round {
				cycle = append(cycle[:0], walk[visitedAt[head]:]...)
				break
			}
			stamp[head], visitedAt[head] = round, len(walk)
			games := st.atSeat[i*n+head]
			g = games[rng.IntN(len(games))]
		}
		work += len(cycle)
		var delta int
		if st.seatings == nil {
			// Price the exchange before making it: most are turned down.
			delta = st.cycleDelta(cycle, i, j)
			if delta > 0 && rng.Float64() >= math.Exp(-float64(delta)/seatTemperature) {
				continue
			}
			for _, g := range cycle {
				st.swapInGame(g, i, j)
			}
		} else {
			for _, g := range cycle {
				delta += st.swapInGame(g, i, j)
			}
			if delta > 0 && rng.Float64() >= math.Exp(-float64(delta)/seatTemperature) {
				for _, g := range cycle {
					st.swapInGame(g, i, j)
				}
				continue
			}
		}
		for _, g := range cycle {
			// After the exchange seat i holds the old seat-j player and vice versa.
			a, b := st.seat[g*k+j], st.seat[g*k+i]
			st.moveSlot(g, i, a, b)
			st.moveSlot(g, j, b, a)
		}
		cost += delta
		if cost < best {
			best, lastBest = cost, work
			copy(bestSeat, st.seat)
			if done() {
				return
			}
		}
	}
	copy(st.seat, bestSeat)
}

// williamsSeats seats k = n players in every game (the whole league at one table). A
// Williams square (rows 0, 1, n−1, 2, n−2, ... shifted by 0..n−1 mod n) is a Latin
// square, so each of its n rows is a seating and every player takes every seat once.
// For even n every ordered pair of players is adjacent in it exactly once; for odd n
// the square and its rows read backwards together hold every ordered pair exactly
// twice. So every player sits directly after every other equally often: r/n times
// (even n) or, for odd n with r/n even, r/n times as well. The squares are relabelled
// by seeded random permutations (the two halves of an odd pair share one), every other
// square is read backwards, and a square is redrawn while a seating repeats (the seed:
// "in each of them the combination between players and pieces available will be
// different").
func williamsSeats(p plan, rng *rand.Rand) []int {
	n := p.n
	base := make([]int, n)
	for i := 1; i < n; i++ {
		if i%2 == 1 {
			base[i] = (i + 1) / 2
		} else {
			base[i] = n - i/2
		}
	}
	seat := make([]int, 0, p.games*n)
	used := make(map[string]bool, p.games)
	var perm []int
	for sq := 0; sq < p.games/n; sq++ {
		for attempt := 0; ; attempt++ {
			if n%2 == 0 || sq%2 == 0 || attempt > 0 {
				perm = rng.Perm(n)
			}
			rows := make([]int, 0, n*n)
			fresh := true
			keys := make([]string, 0, n)
			for shift := range n {
				row := make([]int, n)
				for s := range n {
					row[s] = perm[(base[s]+shift)%n]
				}
				if sq%2 == 1 {
					for a, b := 0, n-1; a < b; a, b = a+1, b-1 {
						row[a], row[b] = row[b], row[a]
					}
				}
				key := string(bytesOf(row))
				fresh = fresh && !used[key]
				keys = append(keys, key)
				rows = append(rows, row...)
			}
			if fresh || attempt >= 100 {
				for _, key := range keys {
					used[key] = true
				}
				seat = append(seat, rows...)
				break
			}
		}
	}
	return seat
}

// bytesOf packs small player numbers into bytes.
func bytesOf(xs []int) []byte {
	b := make([]byte, len(xs))
	for i, x := range xs {
		b[i] = byte(x)
	}
	return b
}

// twoPlayerSeats seats two-player games: who moves first. Games of the same pair are
// taken two at a time, one each way round; a pair with an odd number of games leaves
// one over, and the games left over form a graph in which every player has an even
// number of games (r is even and each pair of games took two). Walking that graph
// along unused games until the walk closes (which, with every degree even, it can
// only do where it began) and seating each game in the walk's direction gives every
// player as many first seats as second seats. So every player starts exactly r/2
// games, and every ordered pair occurs as often as its reverse, ±1 (for 8 players,
// r = 14: every ordered pair exactly once; the seed: "you'll play two games against
// each others players").
func twoPlayerSeats(p plan, games []uint32, rng *rand.Rand) []int {
	n := p.n
	seat := make([]int, 2*p.games)
	byPair := make([][]int, n*n)
	for g, m := range games {
		a := bits.TrailingZeros32(m)
		b := bits.TrailingZeros32(m &^ (1 << a))
		byPair[a*n+b] = append(byPair[a*n+b], g)
	}
	type edge struct{ g, a, b int }
	var left []edge
	for a := range n {
		for b := a + 1; b < n; b++ {
			list := byPair[a*n+b]
			rng.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
			for i := 0; i+1 < len(list); i += 2 {
				seat[2*list[i]], seat[2*list[i]+1] = a, b
				seat[2*list[i+1]], seat[2*list[i+1]+1] = b, a
			}
			if len(list)%2 == 1 {
				left = append(left, edge{list[len(list)-1], a, b})
			}
		}
	}
	adj := make([][]int, n) // indices into left
	for i, e := range left {
		adj[e.a] = append(adj[e.a], i)
		adj[e.b] = append(adj[e.b], i)
	}
	for v := range adj {
		rng.Shuffle(len(adj[v]), func(i, j int) { adj[v][i], adj[v][j] = adj[v][j], adj[v][i] })
	}
	used := make([]bool, len(left))
	for _, start := range rng.Perm(n) {
		for {
			// Drop games already seated from the front of start's list.
			for len(adj[start]) > 0 && used[adj[start][0]] {
				adj[start] = adj[start][1:]
			}
			if len(adj[start]) == 0 {
				break
			}
			for v := start; ; {
				for len(adj[v]) > 0 && used[adj[v][0]] {
					adj[v] = adj[v][1:]
				}
				if len(adj[v]) == 0 {
					break // back at start: the walk has closed
				}
				e := left[adj[v][0]]
				used[adj[v][0]] = true
				w := e.a + e.b - v
				seat[2*e.g], seat[2*e.g+1] = v, w
				v = w
			}
		}
	}
	return seat
}

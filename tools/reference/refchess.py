#!/usr/bin/env python3
"""refchess.py -- an independent reference implementation of the rules of the
ninjachess variants (orthodox chess, Capablanca, Titan Chess, Stealth Ninja
Chess, Flying Warmachines and their Titan versions), written for cross-checking.

Standard library only.  Written for clarity, not speed.

Usage:
  refchess.py --variant NAME [--setup main|second] [--option insane-ninja,scepter]
              [--titans rook,knight,...] [--fen TEXT] [--play MOVE ...]
              (--moves | --perft N [--divide] | --fen-out)

The rules follow /work/shared/RULINGS.md; the formats follow doc/variants.md,
doc/position-text.md and doc/move-text.md of the project.
"""

import sys

WHITE, BLACK = 0, 1

ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ALL8 = ORTH + DIAG
KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
CAMEL = ((1, 3), (3, 1), (-1, 3), (-3, 1), (1, -3), (3, -1), (-1, -3), (-3, -1))


def _outward_orth(d):
    """The two orthogonal directions 'outward' from diagonal d."""
    return ((d[0], 0), (0, d[1]))


def _outward_diag(o):
    """The two diagonal directions 'outward' from orthogonal o."""
    if o[0] != 0:
        return ((o[0], 1), (o[0], -1))
    return ((1, o[1]), (-1, o[1]))


# diagonal step, then orthogonal outward  (Quad Bomber, Stealth Gryphon)
DIAG_THEN_ORTH = tuple((d, o) for d in DIAG for o in _outward_orth(d))
# orthogonal step, then diagonal outward  (Quad Raptor, Stealth Anti-Gryphon)
ORTH_THEN_DIAG = tuple((o, d) for o in ORTH for d in _outward_diag(o))

# Movement of every piece type except the two pawns, as a list of components.
#   ('slide', dirs, max)   rider/stepper; max 0 = unlimited; replacement capture
#   ('leap', offsets)      leaper; replacement capture, cannot push a Titan
#   ('ninja', dirs)        Ninja Warrior / Guard mechanism
#   ('bomber', dirs)       Flying Bomber / Raptor mechanism
#   ('quad', pairs)        Quad Bomber / Quad Raptor (bent path, fly-over captures)
#   ('bent', pairs)        Stealth Gryphon / Anti-Gryphon (bent path, >= 2 outward)
#   ('war', dirs)          Flying Warmachine / WarElephant
MOVEMENT = {
    'K': [('slide', ALL8, 1)],
    'Q': [('slide', ALL8, 0)],
    'R': [('slide', ORTH, 0)],
    'B': [('slide', DIAG, 0)],
    'N': [('leap', KNIGHT)],
    'A': [('slide', DIAG, 0), ('leap', KNIGHT)],
    'C': [('slide', ORTH, 0), ('leap', KNIGHT)],
    'W': [('ninja', ORTH)],
    'G': [('ninja', DIAG)],
    'L': [('ninja', DIAG), ('leap', CAMEL)],
    'I': [('ninja', ALL8)],
    'F': [('bomber', ORTH)],
    'Y': [('bomber', DIAG)],
    'U': [('quad', DIAG_THEN_ORTH)],
    'V': [('quad', ORTH_THEN_DIAG)],
    'S': [('bent', DIAG_THEN_ORTH)],
    'T': [('bent', ORTH_THEN_DIAG)],
    'M': [('war', ORTH)],
    'E': [('war', DIAG)],
    'H': [('slide', DIAG, 1), ('leap', KNIGHT)],
    'Z': [('slide', ORTH, 1), ('leap', KNIGHT)],
}

TYPE_NAMES = {
    'king': 'K', 'queen': 'Q', 'rook': 'R', 'bishop': 'B', 'knight': 'N',
    'pawn': 'P', 'archbishop': 'A', 'chancellor': 'C',
    'ninja-pawn': 'J', 'ninja-warrior': 'W', 'ninja-guard': 'G',
    'leaping-ninja-guard': 'L', 'flying-bomber': 'F', 'bomber': 'F',
    'raptor': 'Y', 'quad-bomber': 'U', 'quad-raptor': 'V',
    'stealth-gryphon': 'S', 'gryphon': 'S',
    'stealth-anti-gryphon': 'T', 'anti-gryphon': 'T',
    'insane-ninja': 'I', 'flying-warmachine': 'M', 'warmachine': 'M',
    'flying-warelephant': 'E', 'warelephant': 'E', 'flying-elephant': 'E',
    'ferz-knight': 'H', 'wazir-knight': 'Z',
}


class InputError(Exception):
    pass


def colour(p):
    return WHITE if p.isupper() else BLACK


# ---------------------------------------------------------------------------
# Variants
# ---------------------------------------------------------------------------

class Variant:
    """Board geometry and rule parameters of one variant."""

    def __init__(self, name, width, rank_lo, rank_hi, extra_squares, start_fen,
                 types, promo, pawn_style, start_rank, centre, last_rank,
                 ninja_past_max, castling_style, castle_n, king_file, rook_files,
                 drops, rear, drop_rank, titans, insane, scepter):
        self.name = name
        self.width = width
        self.rank_lo, self.rank_hi = rank_lo, rank_hi
        self.height = rank_hi - rank_lo + 1
        self.nsq = width * self.height
        # main board: ranks 1..last_rank[WHITE]; plus extra squares (e0 ...)
        self.exists = [False] * self.nsq
        for r in range(1, last_rank[WHITE] + 1):
            for f in range(width):
                self.exists[self._idx(f, r)] = True
        for (f, r) in extra_squares:
            self.exists[self._idx(f, r)] = True
        self.start_fen = start_fen
        self.types = set(types)          # upper-case letters present
        self.promo = tuple(promo)        # promotion choices
        self.pawn_style = pawn_style     # 'orthodox' or 'extended'
        self.start_rank = start_rank     # {colour: rank}
        self.centre = centre             # {colour: rank}
        self.last_rank = last_rank       # {colour: promotion rank}
        self.ninja_past_max = ninja_past_max
        self.castling_style = castling_style  # 'fixed' or 'flexible'
        self.castle_n = castle_n         # king's step for fixed castling
        self.drops = set(drops)          # droppable letters
        self.rear = rear                 # {colour: (sq, sq)}  (square names)
        self.drop_rank = drop_rank       # {colour: rank} for ninja pawn drops
        self.titans = set(titans)
        self.insane = insane
        self.scepter = scepter
        # step tables: step[(df, dr)][sq] -> sq or -1
        self.step = {}
        for d in ALL8 + KNIGHT + CAMEL:
            tab = []
            for sq in range(self.nsq):
                f, r = self.coords(sq)
                tab.append(self.square(f + d[0], r + d[1]) if self.exists[sq] else -1)
            self.step[d] = tab
        # castling squares
        self.king_home = {WHITE: self.square(king_file, 1),
                          BLACK: self.square(king_file, last_rank[WHITE])}
        self.rook_home = {}
        for c, rank in ((WHITE, 1), (BLACK, last_rank[WHITE])):
            self.rook_home[(c, 'K')] = self.square(rook_files['K'], rank)
            self.rook_home[(c, 'Q')] = self.square(rook_files['Q'], rank)
        self.rear_sq = {c: tuple(self.parse_square(s) for s in rear[c]) for c in rear}

    # --- coordinates ---------------------------------------------------
    def _idx(self, f, r):
        return (r - self.rank_lo) * self.width + f

    def coords(self, sq):
        return sq % self.width, sq // self.width + self.rank_lo

    def rank(self, sq):
        return sq // self.width + self.rank_lo

    def square(self, f, r):
        """Index of the square at file f, rank r; -1 when it does not exist."""
        if 0 <= f < self.width and self.rank_lo <= r <= self.rank_hi:
            sq = self._idx(f, r)
            if self.exists[sq]:
                return sq
        return -1

    def name_of(self, sq):
        f, r = self.coords(sq)
        return chr(ord('a') + f) + str(r)

    def parse_square(self, text):
        if len(text) < 2 or not ('a' <= text[0] <= 'z') or not text[1:].isdigit():
            raise InputError("bad square '%s'" % text)
        if len(text) > 2 and text[1] == '0':
            raise InputError("bad square '%s'" % text)
        sq = self.square(ord(text[0]) - ord('a'), int(text[1:]))
        if sq < 0:
            raise InputError("no square '%s' on this board" % text)
        return sq

    def is_titan(self, p):
        return p.upper() in self.titans

    def forward(self, c):
        return 1 if c == WHITE else -1

    def beyond_last(self, c, sq):
        """True when sq lies past colour c's promotion rank."""
        r = self.rank(sq)
        return r > self.last_rank[c] if c == WHITE else r < self.last_rank[c]

    def before_centre(self, c, r):
        return r < self.centre[c] if c == WHITE else r > self.centre[c]

    def past_centre(self, c, r):
        return r > self.centre[c] if c == WHITE else r < self.centre[c]


def make_variant(name, setup='main', options=(), titans=()):
    std = dict(drops=(), rear={}, drop_rank={}, insane=False, scepter=False)
    F = lambda ch: ord(ch) - ord('a')
    if setup not in ('main', 'second'):
        raise InputError("unknown setup '%s'" % setup)
    if setup == 'second' and name != 'stealth-ninja':
        raise InputError("variant '%s' has no second setup" % name)
    if options and name != 'stealth-ninja':
        raise InputError("variant '%s' has no options" % name)
    for o in options:
        if o not in ('insane-ninja', 'scepter'):
            raise InputError("unknown option '%s'" % o)
    base_titans = set()
    if name in ('chess', 'chess-titan-rooks'):
        if name == 'chess-titan-rooks':
            base_titans = {'R'}
        kw = dict(width=8, rank_lo=1, rank_hi=8, extra_squares=(),
                  start_fen='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
                  types='KQRBNP', promo='QRBN', pawn_style='orthodox',
                  start_rank={WHITE: 2, BLACK: 7}, centre={WHITE: 4, BLACK: 5},
                  last_rank={WHITE: 8, BLACK: 1}, ninja_past_max=1,
                  castling_style='fixed', castle_n=2, king_file=F('e'),
                  rook_files={'K': F('h'), 'Q': F('a')})
    elif name == 'capablanca':
        kw = dict(width=10, rank_lo=1, rank_hi=8, extra_squares=(),
                  start_fen='rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1',
                  types='KQRBNPAC', promo='QRBNAC', pawn_style='orthodox',
                  start_rank={WHITE: 2, BLACK: 7}, centre={WHITE: 4, BLACK: 5},
                  last_rank={WHITE: 8, BLACK: 1}, ninja_past_max=1,
                  castling_style='fixed', castle_n=3, king_file=F('f'),
                  rook_files={'K': F('j'), 'Q': F('a')})
    elif name in ('titan-chess', 'titan-chess-titans'):
        if name == 'titan-chess-titans':
            base_titans = {'R', 'W'}
        kw = dict(width=12, rank_lo=1, rank_hi=12, extra_squares=(),
                  start_fen='frylvqkulyrf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/'
                            'PPPPPPPPPPPP/JJJWNBBNWJJJ/FRYLVQKULYRF w KQkq - 0 1',
                  types='KQRBNPJWLFYUV', promo='QRBNWLFYUV', pawn_style='extended',
                  start_rank={WHITE: 3, BLACK: 10}, centre={WHITE: 6, BLACK: 7},
                  last_rank={WHITE: 12, BLACK: 1}, ninja_past_max=1,
                  castling_style='flexible', castle_n=0, king_file=F('g'),
                  rook_files={'K': F('k'), 'Q': F('b')})
    elif name in ('stealth-ninja', 'flying-warmachines'):
        common = dict(width=10, rank_lo=0, rank_hi=11,
                      extra_squares=((F('e'), 0), (F('f'), 0), (F('e'), 11), (F('f'), 11)),
                      pawn_style='extended',
                      start_rank={WHITE: 2, BLACK: 9}, centre={WHITE: 5, BLACK: 6},
                      last_rank={WHITE: 10, BLACK: 1}, ninja_past_max=2,
                      castling_style='flexible', castle_n=0, king_file=F('f'))
        std['rear'] = {WHITE: ('e0', 'f0'), BLACK: ('e11', 'f11')}
        std['drop_rank'] = {WHITE: 2, BLACK: 9}
        if name == 'stealth-ninja':
            if setup == 'main':
                fen = ('****ww****/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/'
                       'GRNBQKBNRG/****WW****[JJJJSTjjjjst] w KQkq - 0 1')
                rooks = {'K': F('i'), 'Q': F('b')}
            else:
                fen = ('****ww****/rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/'
                       'RNBGQKGBNR/****WW****[JJJJSTjjjjst] w KQkq - 0 1')
                rooks = {'K': F('j'), 'Q': F('a')}
            kw = dict(common, start_fen=fen, types='KQRBNPJGWSTI', promo='QRBNGWST',
                      rook_files=rooks)
            std['drops'] = 'JST'
            std['insane'] = 'insane-ninja' in options
            std['scepter'] = 'scepter' in options
        else:
            fen = ('****mm****/erhbqkbzre/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/'
                   'ERHBQKBZRE/****MM****[JJJJJjjjjj] w KQkq - 0 1')
            kw = dict(common, start_fen=fen, types='KQRBPJMEHZ', promo='QBHZRME',
                      rook_files={'K': F('i'), 'Q': F('b')})
            std['drops'] = 'J'
    else:
        raise InputError("unknown variant '%s'" % name)
    tset = set(base_titans)
    for t in titans:
        t = t.strip()
        if not t:
            continue
        if t.lower() in TYPE_NAMES:
            letter = TYPE_NAMES[t.lower()]
        elif len(t) == 1 and t.isalpha():
            letter = t.upper()
        else:
            raise InputError("unknown piece type '%s'" % t)
        if letter not in kw['types']:
            raise InputError("piece type '%s' is not in variant '%s'" % (t, name))
        if letter == 'K':
            raise InputError("a royal piece type cannot be a Titan")
        tset.add(letter)
    return Variant(name=name, titans=tset, **kw, **std)


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------

class Move:
    """One move.  Squares are board indices; -1 means 'none'.

    frm, to     : origin and destination (for a drop: drop square, final square;
                  for castling: the king's origin and destination)
    caps        : captured squares in text order (passed over, then destination)
    pushes      : Titans pushed that stay on the board, from the destination outward
    pdir        : direction of the push
    crush       : square of the piece crushed by the pushed chain
    exile       : square of the Titan pushed off the board
    promo       : promotion letter (upper case) or None
    drop        : dropped letter (upper case) or None
    rook        : (rook_from, rook_to) for castling, else None
    ep_targets  : squares passed by a standard pawn's multi-square advance
    """
    __slots__ = ('frm', 'to', 'caps', 'pushes', 'pdir', 'crush', 'exile',
                 'promo', 'drop', 'rook', 'ep_targets')

    def __init__(self, frm, to, caps=(), pushes=(), pdir=None, crush=-1, exile=-1,
                 promo=None, drop=None, rook=None, ep_targets=()):
        self.frm, self.to, self.caps = frm, to, caps
        self.pushes, self.pdir, self.crush, self.exile = pushes, pdir, crush, exile
        self.promo, self.drop, self.rook, self.ep_targets = promo, drop, rook, ep_targets

    def with_promo(self, letter):
        return Move(self.frm, self.to, self.caps, self.pushes, self.pdir, self.crush,
                    self.exile, letter, self.drop, self.rook, self.ep_targets)

    def removes(self, sq):
        return sq in self.caps or self.crush == sq

    def text(self, v):
        n = v.name_of
        if self.rook is not None:
            return '%s-%s,%s-%s' % (n(self.frm), n(self.to), n(self.rook[0]), n(self.rook[1]))
        if self.drop is not None:
            s = '%s@%s' % (self.drop, n(self.frm))
            if self.to != self.frm:
                s += '-' + n(self.to)
        else:
            s = '%s-%s' % (n(self.frm), n(self.to))
        s += ''.join('x' + n(c) for c in self.caps)
        s += ''.join('^' + n(p) for p in self.pushes)
        if self.crush >= 0:
            s += '%' + n(self.crush)
        if self.exile >= 0:
            s += ':' + n(self.exile)
        if self.promo:
            s += '=' + self.promo
        return s


# ---------------------------------------------------------------------------
# Pseudo-legal move generation on a bare board
# ---------------------------------------------------------------------------

class Generator:
    """Generates the moves of pieces on a board (a list of letters / None)."""

    def __init__(self, v):
        self.v = v

    # A move ending on square `to` that captures by replacement.
    #   can_push: every square before `to` on the path is empty (slide or step)
    #   pre     : squares captured on the way (locust), already decided
    def land(self, board, me, frm, to, d, can_push, pre, capt_only):
        t = board[to]
        if t is None:
            if pre or not capt_only:
                yield Move(frm, to, caps=pre)
            return
        if colour(t) == me:
            return
        if self.v.is_titan(t):
            if can_push and not pre:
                yield self.push_move(board, frm, to, d)
            return
        yield Move(frm, to, caps=pre + (to,))

    def push_move(self, board, frm, to, d):
        """The mover lands on the enemy Titan on `to`, pushing it in direction d."""
        step = self.v.step[d]
        chain = [to]
        cur = to
        while True:
            nx = step[cur]
            if nx < 0:
                return Move(frm, to, pushes=tuple(chain[:-1]), pdir=d, exile=chain[-1])
            p = board[nx]
            if p is None:
                return Move(frm, to, pushes=tuple(chain), pdir=d)
            if self.v.is_titan(p):
                chain.append(nx)
                cur = nx
                continue
            return Move(frm, to, pushes=tuple(chain), pdir=d, crush=nx)

    def piece_moves(self, board, sq, ep=None, capt_only=False):
        """Pseudo-legal moves of the piece on sq (no castling, no drops).
        ep = (targets, victim) or None."""
        p = board[sq]
        me = colour(p)
        t = p.upper()
        if t == 'P':
            yield from self.pawn(board, sq, me, ep, capt_only)
            return
        if t == 'J':
            yield from self.ninja_pawn(board, sq, me, capt_only)
            return
        v = self.v
        promote = None
        if v.insane and t in 'GW':
            promote = v.rear_sq[1 - me]
        for comp in MOVEMENT[t]:
            kind = comp[0]
            gen = getattr(self, 'm_' + kind)(board, sq, me, comp, capt_only)
            for m in gen:
                if promote is not None and m.to in promote:
                    m = m.with_promo('I')
                yield m

    # --- movement components ---------------------------------------------
    def m_slide(self, board, frm, me, comp, capt_only):
        _, dirs, maxlen = comp
        for d in dirs:
            step = self.v.step[d]
            cur, n = frm, 0
            while True:
                cur = step[cur]
                if cur < 0:
                    break
                n += 1
                if board[cur] is None:
                    if not capt_only:
                        yield Move(frm, cur)
                    if n == maxlen:
                        break
                    continue
                yield from self.land(board, me, frm, cur, d, True, (), capt_only)
                break

    def m_leap(self, board, frm, me, comp, capt_only):
        for d in comp[1]:
            to = self.v.step[d][frm]
            if to >= 0:
                yield from self.land(board, me, frm, to, d, False, (), capt_only)

    def friendly_like(self, p, me):
        """A piece that a ninja or bomber leaps over without effect: own pieces
        and Titans of either colour."""
        return colour(p) == me or self.v.is_titan(p)

    def m_ninja(self, board, frm, me, comp, capt_only):
        for d in comp[1]:
            step = self.v.step[d]
            s1 = step[frm]
            if s1 < 0:
                continue
            p1 = board[s1]
            yield from self.land(board, me, frm, s1, d, True, (), capt_only)
            s2 = step[s1]
            if s2 < 0:
                continue
            if p1 is None:
                yield from self.land(board, me, frm, s2, d, True, (), capt_only)
            elif self.friendly_like(p1, me):
                yield from self.land(board, me, frm, s2, d, False, (), capt_only)
            else:  # enemy normal piece on s1: leaping over it captures it
                yield from self.land(board, me, frm, s2, d, False, (s1,), capt_only)

    def m_bomber(self, board, frm, me, comp, capt_only):
        for d in comp[1]:
            step = self.v.step[d]
            s1 = step[frm]
            if s1 < 0:
                continue
            # clear line: quiet moves, then fly-over of the first enemy met
            cur = s1
            while cur >= 0:
                p = board[cur]
                if p is None:
                    if not capt_only:
                        yield Move(frm, cur)
                    cur = step[cur]
                    continue
                if colour(p) != me and not self.v.is_titan(p):
                    after = step[cur]
                    if after >= 0 and board[after] is None:
                        yield Move(frm, after, caps=(cur,))
                break
            # the square at distance 2
            s2 = step[s1]
            if s2 < 0:
                continue
            p1, p2 = board[s1], board[s2]
            if p2 is None:
                # quiet leap over a friendly-like piece (slide and fly-over done above)
                if p1 is not None and self.friendly_like(p1, me) and not capt_only:
                    yield Move(frm, s2)
            elif colour(p2) != me:
                if p1 is None:
                    yield from self.land(board, me, frm, s2, d, True, (), capt_only)
                elif self.friendly_like(p1, me):
                    yield from self.land(board, me, frm, s2, d, False, (), capt_only)
                else:  # double capture
                    yield from self.land(board, me, frm, s2, d, False, (s1,), capt_only)

    def m_quad(self, board, frm, me, comp, capt_only):
        for d1, d2 in comp[1]:
            a = self.v.step[d1][frm]
            if a < 0 or board[a] is not None:
                continue
            step = self.v.step[d2]
            cur = step[a]
            while cur >= 0:
                p = board[cur]
                if p is None:
                    if not capt_only:
                        yield Move(frm, cur)
                    cur = step[cur]
                    continue
                if colour(p) != me and not self.v.is_titan(p):
                    after = step[cur]
                    if after >= 0 and board[after] is None:
                        yield Move(frm, after, caps=(cur,))
                break

    def m_bent(self, board, frm, me, comp, capt_only):
        for d1, d2 in comp[1]:
            a = self.v.step[d1][frm]
            if a < 0 or board[a] is not None:
                continue
            step = self.v.step[d2]
            b = step[a]
            if b < 0 or board[b] is not None:
                continue
            cur = step[b]
            while cur >= 0:
                if board[cur] is None:
                    if not capt_only:
                        yield Move(frm, cur)
                    cur = step[cur]
                    continue
                yield from self.land(board, me, frm, cur, d2, True, (), capt_only)
                break

    def m_war(self, board, frm, me, comp, capt_only):
        for d in comp[1]:
            step = self.v.step[d]
            s1 = step[frm]
            if s1 < 0:
                continue
            p1 = board[s1]
            yield from self.land(board, me, frm, s1, d, True, (), capt_only)
            s2 = step[s1]
            if s2 < 0:
                continue
            p2 = board[s2]
            yield from self.land(board, me, frm, s2, d, p1 is None, (), capt_only)
            s3 = step[s2]
            if s3 < 0:
                continue
            if p1 is None and p2 is None:
                yield from self.land(board, me, frm, s3, d, True, (), capt_only)
            elif p1 is not None and p2 is not None:
                yield from self.land(board, me, frm, s3, d, False, (), capt_only)

    # --- pawns ------------------------------------------------------------
    def promotions(self, me, m):
        if self.v.rank(m.to) == self.v.last_rank[me]:
            for letter in self.v.promo:
                yield m.with_promo(letter)
        else:
            yield m

    def pawn(self, board, frm, me, ep, capt_only):
        v = self.v
        f = v.forward(me)
        r = v.rank(frm)
        titan = v.is_titan(board[frm])
        if not capt_only:
            if v.pawn_style == 'orthodox':
                nmax = 2 if r == v.start_rank[me] else 1
            elif v.before_centre(me, r):
                nmax = min(3 if r == v.start_rank[me] else 2, abs(v.centre[me] - r))
            else:
                nmax = 1
            step = v.step[(0, f)]
            cur = frm
            passed = []
            for _ in range(nmax):
                cur = step[cur]
                if cur < 0 or board[cur] is not None or v.beyond_last(me, cur):
                    break
                targets = tuple(passed) if (passed and not titan) else ()
                yield from self.promotions(me, Move(frm, cur, ep_targets=targets))
                passed.append(cur)
        for dx in (1, -1):
            d = (dx, f)
            to = v.step[d][frm]
            if to < 0 or v.beyond_last(me, to):
                continue
            if board[to] is not None:
                for m in self.land(board, me, frm, to, d, True, (), capt_only):
                    yield from self.promotions(me, m)
            elif ep is not None and to in ep[0]:
                victim = ep[1]
                vp = board[victim]
                if vp is not None and vp.upper() == 'P' and colour(vp) != me \
                        and not v.is_titan(vp):
                    yield Move(frm, to, caps=(victim,))

    def ninja_pawn(self, board, frm, me, capt_only):
        v = self.v
        f = v.forward(me)
        r = v.rank(frm)
        fstep = v.step[(0, f)]
        if not capt_only:
            # one square forward
            to = fstep[frm]
            if to >= 0 and board[to] is None and not v.beyond_last(me, to):
                yield from self.promotions(me, Move(frm, to))
                if not v.past_centre(me, r):
                    # slide on over vacant squares up to the centre rank
                    cur = fstep[to]
                    while cur >= 0 and board[cur] is None and \
                            not v.past_centre(me, v.rank(cur)):
                        yield from self.promotions(me, Move(frm, cur))
                        cur = fstep[cur]
                elif v.ninja_past_max >= 2:
                    to2 = fstep[to]
                    if to2 >= 0 and board[to2] is None and not v.beyond_last(me, to2):
                        yield from self.promotions(me, Move(frm, to2))
            # one square sideways
            for dx in (1, -1):
                to = v.step[(dx, 0)][frm]
                if to >= 0 and board[to] is None:
                    yield from self.promotions(me, Move(frm, to))
        capdirs = [(1, f), (-1, f)]
        if v.past_centre(me, r):
            capdirs += [(1, 0), (-1, 0)]
        for d in capdirs:
            to = v.step[d][frm]
            if to < 0 or v.beyond_last(me, to) or board[to] is None:
                continue
            for m in self.land(board, me, frm, to, d, True, (), capt_only):
                yield from self.promotions(me, m)

    # --- whole side -------------------------------------------------------
    def side_moves(self, board, me, ep=None, capt_only=False):
        for sq in range(self.v.nsq):
            p = board[sq]
            if p is not None and colour(p) == me:
                yield from self.piece_moves(board, sq, ep, capt_only)

    def can_remove(self, board, target, attacker):
        """True when some pseudo-legal move of `attacker` removes the piece on target."""
        for m in self.side_moves(board, attacker, None, True):
            if m.removes(target):
                return True
        return False


def apply_to_board(v, board, m, me):
    """The board after move m by colour me (a new list)."""
    b = board[:]
    if m.drop is not None:
        b[m.to] = m.drop if me == WHITE else m.drop.lower()
        return b
    if m.rook is not None:
        k, r = b[m.frm], b[m.rook[0]]
        b[m.frm] = None
        b[m.rook[0]] = None
        b[m.to] = k
        b[m.rook[1]] = r
        return b
    pc = b[m.frm]
    b[m.frm] = None
    for c in m.caps:
        b[c] = None
    if m.exile >= 0:
        b[m.exile] = None
    if m.pushes:
        step = v.step[m.pdir]
        for t in reversed(m.pushes):   # farthest first
            b[step[t]] = b[t]          # overwrites a crushed piece, if any
            b[t] = None
    if m.promo:
        pc = m.promo if me == WHITE else m.promo.lower()
    b[m.to] = pc
    return b


def find_king(board, c):
    k = 'K' if c == WHITE else 'k'
    for sq, p in enumerate(board):
        if p == k:
            return sq
    return -1


# ---------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------

class Position:
    def __init__(self, v, board, side, castling, ep, halfmove, fullmove, hand, ended):
        self.v = v
        self.board = board          # list of letters / None
        self.side = side
        self.castling = castling    # frozenset of 'K','Q','k','q'
        self.ep = ep                # None or (targets tuple, victim square)
        self.halfmove = halfmove
        self.fullmove = fullmove
        self.hand = hand            # {colour: {letter: count}}
        self.ended = ended          # game ended by Capture the Scepter


class Rules:
    def __init__(self, v):
        self.v = v
        self.gen = Generator(v)

    # --- position text ------------------------------------------------------
    def parse_fen(self, text):
        v = self.v
        fields = text.split()
        if len(fields) < 4 or len(fields) > 6:
            raise InputError("position text needs 4 to 6 fields")
        boardtext = fields[0]
        handtext = None
        if '[' in boardtext:
            i = boardtext.index('[')
            if not boardtext.endswith(']'):
                raise InputError("bad hand in position text")
            handtext = boardtext[i + 1:-1]
            boardtext = boardtext[:i]
        rows = boardtext.split('/')
        if len(rows) != v.height:
            raise InputError("board must have %d ranks" % v.height)
        board = [None] * v.nsq
        for i, row in enumerate(rows):
            r = v.rank_hi - i
            f = 0
            j = 0
            while j < len(row):
                ch = row[j]
                if ch.isdigit():
                    k = j
                    while k < len(row) and row[k].isdigit():
                        k += 1
                    n = int(row[j:k])
                    if n == 0:
                        raise InputError("bad empty count in rank %d" % r)
                    f += n
                    j = k
                    continue
                if f >= v.width:
                    raise InputError("rank %d is too long" % r)
                if ch == '*':
                    if v.square(f, r) >= 0:
                        raise InputError("'*' on existing square in rank %d" % r)
                elif ch.isalpha():
                    if ch.upper() not in v.types:
                        raise InputError("piece '%s' is not in this variant" % ch)
                    sq = v.square(f, r)
                    if sq < 0:
                        raise InputError("piece on a missing square in rank %d" % r)
                    board[sq] = ch
                else:
                    raise InputError("bad character '%s' in board" % ch)
                f += 1
                j += 1
            if f != v.width:
                raise InputError("rank %d does not cover the board's width" % r)
        for c in (WHITE, BLACK):
            kings = sum(1 for p in board if p == ('K' if c == WHITE else 'k'))
            if kings != 1:
                raise InputError("each side needs exactly one king")
        # hand
        hand = {WHITE: {}, BLACK: {}}
        if handtext is not None and handtext not in ('', '-'):
            for ch in handtext:
                if not ch.isalpha() or ch.upper() not in v.drops:
                    raise InputError("piece '%s' cannot be in hand" % ch)
                h = hand[colour(ch)]
                h[ch.upper()] = h.get(ch.upper(), 0) + 1
        # side
        if fields[1] not in ('w', 'b'):
            raise InputError("side to move must be w or b")
        side = WHITE if fields[1] == 'w' else BLACK
        # castling
        rights = set()
        if fields[2] != '-':
            for ch in fields[2]:
                c = WHITE if ch.isupper() else BLACK
                u = ch.upper()
                if u in 'KQ':
                    right = u
                else:
                    right = None
                    for rr in 'KQ':
                        if ch.isalpha() and v.coords(v.rook_home[(c, rr)])[0] == ord(u) - ord('A'):
                            right = rr
                    if right is None:
                        raise InputError("bad castling field")
                key = right if c == WHITE else right.lower()
                if key in rights:
                    raise InputError("bad castling field")
                ksq, rsq = v.king_home[c], v.rook_home[(c, right)]
                kp, rp = ('K', 'R') if c == WHITE else ('k', 'r')
                if board[ksq] != kp or board[rsq] != rp:
                    raise InputError("castling right without king and rook on their squares")
                rights.add(key)
        # en passant
        ep = None
        if fields[3] != '-':
            targets = tuple(v.parse_square(s) for s in fields[3].split(','))
            mover = 1 - side
            fstep = v.step[(0, v.forward(mover))]
            for a, b in zip(targets, targets[1:]):
                if fstep[a] != b:
                    raise InputError("en-passant squares must follow each other")
            for t in targets:
                if board[t] is not None:
                    raise InputError("en-passant square is occupied")
            victim = fstep[targets[-1]]
            pawn = 'P' if mover == WHITE else 'p'
            if victim < 0 or board[victim] != pawn:
                raise InputError("no pawn to take en passant")
            ep = (targets, victim)
        try:
            halfmove = int(fields[4]) if len(fields) > 4 else 0
            fullmove = int(fields[5]) if len(fields) > 5 else 1
        except ValueError:
            raise InputError("bad move counters")
        if halfmove < 0 or fullmove < 1:
            raise InputError("bad move counters")
        ended = False
        if v.scepter:
            for c in (WHITE, BLACK):
                if find_king(board, c) in v.rear_sq[1 - c]:
                    ended = True
        return Position(v, board, side, frozenset(rights), ep, halfmove, fullmove,
                        hand, ended)

    def fen(self, pos):
        v = self.v
        rows = []
        for r in range(v.rank_hi, v.rank_lo - 1, -1):
            s = ''
            empty = 0
            for f in range(v.width):
                sq = v.square(f, r)
                if sq >= 0 and pos.board[sq] is None:
                    empty += 1
                    continue
                if empty:
                    s += str(empty)
                    empty = 0
                s += '*' if sq < 0 else pos.board[sq]
            if empty:
                s += str(empty)
            rows.append(s)
        text = '/'.join(rows)
        if v.drops:
            h = ''
            for c in (WHITE, BLACK):
                for letter in sorted(pos.hand[c]):
                    ch = letter if c == WHITE else letter.lower()
                    h += ch * pos.hand[c][letter]
            text += '[' + h + ']'
        text += ' ' + ('w' if pos.side == WHITE else 'b')
        text += ' ' + (''.join(x for x in 'KQkq' if x in pos.castling) or '-')
        if pos.ep:
            text += ' ' + ','.join(v.name_of(t) for t in pos.ep[0])
        else:
            text += ' -'
        text += ' %d %d' % (pos.halfmove, pos.fullmove)
        return text

    # --- legality -------------------------------------------------------
    def king_safe(self, board, me):
        """True when me's king is on the board and no enemy move removes it."""
        k = find_king(board, me)
        if k < 0:
            return False
        return not self.gen.can_remove(board, k, 1 - me)

    def castling_moves(self, pos):
        v = self.v
        me = pos.side
        board = pos.board
        ksq = v.king_home[me]
        kp = 'K' if me == WHITE else 'k'
        rp = 'R' if me == WHITE else 'r'
        checked = None
        for right in 'KQ':
            key = right if me == WHITE else right.lower()
            if key not in pos.castling:
                continue
            rsq = v.rook_home[(me, right)]
            if board[ksq] != kp or board[rsq] != rp:
                continue
            d = (1, 0) if v.coords(rsq)[0] > v.coords(ksq)[0] else (-1, 0)
            step = v.step[d]
            dist = abs(v.coords(rsq)[0] - v.coords(ksq)[0])
            cur = step[ksq]
            clear = True
            while cur != rsq:
                if board[cur] is not None:
                    clear = False
                    break
                cur = step[cur]
            if not clear:
                continue
            if checked is None:
                checked = not self.king_safe(board, me)
            if checked:
                return []
            ns = [v.castle_n] if v.castling_style == 'fixed' else range(1, dist + 1)
            for n in ns:
                if n > dist:
                    continue
                # every square the king crosses or lands on must be safe
                ok = True
                cur = ksq
                for _ in range(n):
                    cur = step[cur]
                    b = board[:]
                    b[ksq] = None
                    if cur == rsq:
                        b[rsq] = None
                    b[cur] = kp
                    if not self.king_safe(b, me):
                        ok = False
                        break
                if not ok:
                    continue
                kto = cur
                rto = v.step[(-d[0], 0)][kto]
                yield Move(ksq, kto, rook=(rsq, rto))

    def drop_moves(self, pos):
        v = self.v
        me = pos.side
        board = pos.board
        for letter in sorted(pos.hand[me]):
            if pos.hand[me][letter] <= 0:
                continue
            if letter in 'ST':
                for sq in v.rear_sq[me]:
                    if board[sq] is None:
                        yield Move(sq, sq, drop=letter)
            elif letter == 'J':
                r = v.drop_rank[me]
                fstep = v.step[(0, v.forward(me))]
                for fl in range(v.width):
                    sq = v.square(fl, r)
                    if sq < 0 or board[sq] is not None:
                        continue
                    yield Move(sq, sq, drop='J')
                    cur = fstep[sq]
                    while cur >= 0 and board[cur] is None and \
                            not v.past_centre(me, v.rank(cur)):
                        yield Move(sq, cur, drop='J')
                        cur = fstep[cur]

    def pseudo_moves(self, pos):
        yield from self.gen.side_moves(pos.board, pos.side, pos.ep, False)
        yield from self.castling_moves(pos)
        yield from self.drop_moves(pos)

    def legal_moves(self, pos):
        if pos.ended:
            return []
        out = []
        for m in self.pseudo_moves(pos):
            b = apply_to_board(self.v, pos.board, m, pos.side)
            if self.king_safe(b, pos.side):
                out.append(m)
        return out

    def make(self, pos, m):
        v = self.v
        me = pos.side
        board = apply_to_board(v, pos.board, m, me)
        # castling rights: lost when anything happens on a king or rook square
        touched = {m.frm, m.to} | set(m.caps) | set(m.pushes)
        if m.crush >= 0:
            touched.add(m.crush)
        if m.exile >= 0:
            touched.add(m.exile)
        if m.rook is not None:
            touched |= set(m.rook)
        rights = set()
        for key in pos.castling:
            c = WHITE if key.isupper() else BLACK
            if v.king_home[c] in touched or v.rook_home[(c, key.upper())] in touched:
                continue
            rights.add(key)
        hand = {WHITE: dict(pos.hand[WHITE]), BLACK: dict(pos.hand[BLACK])}
        mover = None
        if m.drop is not None:
            hand[me][m.drop] -= 1
            if hand[me][m.drop] == 0:
                del hand[me][m.drop]
        elif m.rook is None:
            mover = pos.board[m.frm].upper()
        ep = (m.ep_targets, m.to) if m.ep_targets else None
        reset = (m.drop is not None or mover in ('P', 'J') or m.caps or m.pushes
                 or m.crush >= 0 or m.exile >= 0)
        halfmove = 0 if reset else pos.halfmove + 1
        fullmove = pos.fullmove + (1 if me == BLACK else 0)
        ended = bool(v.scepter and mover == 'K' and m.to in v.rear_sq[1 - me])
        return Position(v, board, 1 - me, frozenset(rights), ep, halfmove, fullmove,
                        hand, ended)

    def perft(self, pos, depth):
        if depth == 0:
            return 1
        moves = self.legal_moves(pos)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self.make(pos, m), depth - 1) for m in moves)

    def find_move(self, pos, text):
        """The legal move written `text` (full text, or a unique short form)."""
        v = self.v
        t = text.rstrip('+#')
        moves = self.legal_moves(pos)
        texts = {m.text(v): m for m in moves}
        if t in texts:
            return texts[t]
        # short input: FROM-TO / FROMTO [=X], or X@SQ
        cands = []
        promo = None
        body = t
        if '=' in body:
            body, promo = body.split('=', 1)
        if '@' in body:
            cands = [m for m in moves if m.drop is not None and
                     '%s@%s' % (m.drop, v.name_of(m.frm)) == body and
                     (promo is None or m.promo == promo)]
        else:
            import re
            mm = re.fullmatch(r'([a-z][0-9]+)-?([a-z][0-9]+)', body)
            if mm:
                try:
                    a, b = v.parse_square(mm.group(1)), v.parse_square(mm.group(2))
                except InputError:
                    a = b = -2
                cands = [m for m in moves if m.drop is None and m.frm == a and m.to == b
                         and (promo is None or m.promo == promo)]
        if len(cands) == 1:
            return cands[0]
        if len(cands) > 1:
            raise InputError("ambiguous move '%s': %s" % (
                text, ' '.join(sorted(m.text(v) for m in cands))))
        raise InputError("illegal move '%s'" % text)


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def parse_args(argv):
    opts = {'variant': None, 'setup': 'main', 'option': [], 'titans': [], 'fen': None,
            'play': [], 'action': None, 'perft': None, 'divide': False}
    i = 0

    def value(name):
        nonlocal i
        if i + 1 >= len(argv):
            raise InputError("%s needs a value" % name)
        i += 1
        return argv[i]

    def set_action(a):
        if opts['action'] is not None:
            raise InputError("give exactly one of --moves, --perft, --fen-out")
        opts['action'] = a

    while i < len(argv):
        a = argv[i]
        if '=' in a and a.startswith('--') and a.split('=', 1)[0] in (
                '--variant', '--setup', '--option', '--titans', '--fen', '--perft'):
            name, val = a.split('=', 1)
            argv = argv[:i] + [name, val] + argv[i + 1:]
            a = name
        if a == '--variant':
            opts['variant'] = value(a)
        elif a == '--setup':
            opts['setup'] = value(a)
        elif a in ('--option', '--options'):
            opts['option'] += [x for x in value(a).split(',') if x]
        elif a == '--titans':
            opts['titans'] += [x for x in value(a).split(',') if x]
        elif a == '--fen':
            parts = [value(a)]
            while i + 1 < len(argv) and not argv[i + 1].startswith('--'):
                i += 1
                parts.append(argv[i])
            opts['fen'] = ' '.join(parts)
        elif a == '--play':
            while i + 1 < len(argv) and not argv[i + 1].startswith('--'):
                i += 1
                opts['play'] += argv[i].split()
        elif a == '--moves':
            set_action('moves')
        elif a == '--fen-out':
            set_action('fen-out')
        elif a == '--perft':
            set_action('perft')
            try:
                opts['perft'] = int(value(a))
            except ValueError:
                raise InputError("--perft needs a number")
            if opts['perft'] < 0:
                raise InputError("--perft needs a number >= 0")
        elif a == '--divide':
            opts['divide'] = True
        else:
            raise InputError("unknown argument '%s'" % a)
        i += 1
    if opts['variant'] is None:
        raise InputError("--variant is required")
    if opts['action'] is None:
        raise InputError("give one of --moves, --perft N, --fen-out")
    if opts['divide'] and opts['action'] != 'perft':
        raise InputError("--divide goes with --perft")
    return opts


def main(argv):
    try:
        opts = parse_args(argv)
        v = make_variant(opts['variant'], opts['setup'], opts['option'], opts['titans'])
        rules = Rules(v)
        pos = rules.parse_fen(opts['fen'] if opts['fen'] is not None else v.start_fen)
        for mt in opts['play']:
            pos = rules.make(pos, rules.find_move(pos, mt))
    except InputError as e:
        sys.stderr.write('error: %s\n' % e)
        return 1
    except (ValueError, IndexError, KeyError) as e:   # malformed input not caught above
        sys.stderr.write('error: bad input (%s)\n' % e)
        return 1
    out = sys.stdout
    if opts['action'] == 'fen-out':
        out.write(rules.fen(pos) + '\n')
    elif opts['action'] == 'moves':
        for t in sorted(m.text(v) for m in rules.legal_moves(pos)):
            out.write(t + '\n')
    else:
        depth = opts['perft']
        if opts['divide'] and depth >= 1:
            total = 0
            for m, t in sorted(((m, m.text(v)) for m in rules.legal_moves(pos)),
                               key=lambda x: x[1]):
                n = rules.perft(rules.make(pos, m), depth - 1)
                total += n
                out.write('%s: %d\n' % (t, n))
                out.flush()
            out.write('nodes %d\n' % total)
        else:
            out.write('nodes %d\n' % rules.perft(pos, depth))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Self-tests of refchess.py: published perft figures and the worked examples
of the rule texts.  Run:  python3 test_refchess.py  [--quick]"""

import os
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refchess as rc  # noqa: E402

FAILS = []
COUNT = [0]


def check(cond, what):
    COUNT[0] += 1
    if not cond:
        FAILS.append(what)
        print('FAIL:', what)


def make_fen(variant, pieces, side='w', hand='', castling='-', ep='-', **kw):
    """A position text from {square: letter} on the variant's board."""
    v = rc.make_variant(variant, **kw)
    r = rc.Rules(v)
    board = [None] * v.nsq
    for s, p in pieces.items():
        board[v.parse_square(s)] = p
    handd = {rc.WHITE: {}, rc.BLACK: {}}
    for ch in hand:
        h = handd[rc.colour(ch)]
        h[ch.upper()] = h.get(ch.upper(), 0) + 1
    pos = rc.Position(v, board, rc.WHITE if side == 'w' else rc.BLACK,
                      frozenset(), None, 0, 1, handd, False)
    text = r.fen(pos).split()
    text[2] = castling
    text[3] = ep
    return ' '.join(text)


def moves(variant, fen, play=(), setup='main', options=(), titans=()):
    v = rc.make_variant(variant, setup, options, titans)
    r = rc.Rules(v)
    pos = r.parse_fen(fen)
    for t in play:
        pos = r.make(pos, r.find_move(pos, t))
    return sorted(m.text(v) for m in r.legal_moves(pos)), r, pos


def from_sq(ms, sq):
    return set(m for m in ms if m.startswith(sq + '-'))


def perft(variant, fen, depth, **kw):
    v = rc.make_variant(variant, **kw)
    r = rc.Rules(v)
    return r.perft(r.parse_fen(fen or v.start_fen), depth)


def test_perft(quick):
    cases = [
        ('chess', None, [20, 400, 8902] + ([] if quick else [197281])),
        ('chess', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
         [48, 2039] + ([] if quick else [97862])),
        ('chess', '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
         [14, 191, 2812] + ([] if quick else [43238])),
        ('chess', 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
         [6, 264, 9467]),
        ('chess', 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
         [44, 1486] + ([] if quick else [62379])),
        ('capablanca', None, [28, 784] + ([] if quick else [25228])),
    ]
    for variant, fen, expect in cases:
        for d, n in enumerate(expect, 1):
            got = perft(variant, fen, d)
            check(got == n, 'perft %s %s depth %d: %d != %d' % (variant, fen, d, got, n))


def test_bomber():
    # Titan Chess text: bomber on f4
    p = {'f4': 'F', 'e4': 'P', 'd4': 'r', 'g4': 'p', 'h4': 'r', 'f7': 'b',
         'f2': 'k', 'f1': 'n', 'l10': 'K'}
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', p))
    got = from_sq(ms, 'f4')
    want = {'f4-f5', 'f4-f6', 'f4-f8xf7', 'f4-f3', 'f4-f2xf2', 'f4-d4xd4', 'f4-h4xg4xh4'}
    check(got == want, 'bomber f4: %s' % sorted(got ^ want))
    del p['h4']
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', p))
    check('f4-h4xg4' in ms, 'bomber f4 takes g4 alone')
    # friendly piece on s1: only replacement on s2
    p = {'f4': 'F', 'f5': 'P', 'f7': 'r', 'a1': 'K', 'l12': 'k'}
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', p))
    check(from_sq(ms, 'f4') & {'f4-f6', 'f4-f8xf7'} == {'f4-f6'}, 'bomber over own piece')


def test_raptor_and_guard():
    p = {'d4': 'Y', 'b6': 'p', 'g7': 'n', 'e3': 'p', 'f2': 'r', 'c3': 'p', 'b2': 'P',
         'a12': 'K', 'l12': 'k'}
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', p))
    got = from_sq(ms, 'd4')
    want = {'d4-c5', 'd4-a7xb6', 'd4-b6xb6', 'd4-e5', 'd4-f6', 'd4-h8xg7', 'd4-f2xe3xf2'}
    check(got == want, 'raptor d4: %s' % sorted(got ^ want))
    p['d4'] = 'L'
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', p))
    caps = set(m for m in from_sq(ms, 'd4') if 'x' in m)
    want = {'d4-c3xc3', 'd4-e3xe3', 'd4-f2xe3xf2', 'd4-b6xb6'}
    check(caps == want, 'leaping ninja guard d4: %s' % sorted(caps ^ want))


def test_quads():
    base = {'a12': 'K', 'l12': 'k'}
    p = dict(base, d4='U', e6='n', g3='p', c3='p', f5='p', g5='p')
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', p))
    caps = set(m for m in from_sq(ms, 'd4') if 'x' in m)
    check(caps == {'d4-e7xe6', 'd4-h3xg3'}, 'quad bomber d4: %s' % sorted(caps))
    check(not ({'d4-b3', 'd4-a3', 'd4-c2', 'd4-c1'} & set(ms)) and 'd4-b5' in ms,
          'quad bomber blocked by c3')
    q = dict(p)
    del q['g5']
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', q))
    check('d4-g5xf5' in ms, 'quad bomber takes f5 when g5 moved')
    q = dict(p)
    del q['f5']
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', q))
    check('d4-h5xg5' in ms, 'quad bomber takes g5 when f5 moved')

    p = dict(base, d4='V', f7='p', f5='p', d3='P', b5='p', a6='p', b1='n')
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', p))
    caps = set(m for m in from_sq(ms, 'd4') if 'x' in m)
    check(caps == {'d4-g8xf7', 'd4-g6xf5'}, 'quad raptor d4: %s' % sorted(caps))
    q = dict(p)
    del q['a6']
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', q))
    check('d4-a6xb5' in ms, 'quad raptor takes b5 when a6 moved')
    q = dict(p)
    del q['b5']
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', q))
    check(not any('xa6' in m for m in ms), 'quad raptor cannot take a6')


def test_warmachines():
    base = {'a1': 'K', 'j10': 'k'}
    p = dict(base, d5='M', c5='h', e5='p', f5='p', g5='p', d7='p', d8='q')
    ms, _, _ = moves('flying-warmachines', make_fen('flying-warmachines', p))
    got = from_sq(ms, 'd5')
    want = {'d5-c5xc5', 'd5-b5', 'd5-e5xe5', 'd5-f5xf5', 'd5-g5xg5', 'd5-d6', 'd5-d7xd7',
            'd5-d4', 'd5-d3', 'd5-d2'}
    check(got == want, 'warmachine d5: %s' % sorted(got ^ want))
    p = dict(base, d5='E', e6='p', f7='p', g8='z', c4='h', b3='p', b7='p')
    ms, _, _ = moves('flying-warmachines', make_fen('flying-warmachines', p))
    got = from_sq(ms, 'd5')
    want = {'d5-e6xe6', 'd5-f7xf7', 'd5-g8xg8', 'd5-c4xc4', 'd5-b3xb3', 'd5-c6',
            'd5-b7xb7', 'd5-e4', 'd5-f3', 'd5-g2', 'd5-a2'}
    check(got == want, 'warelephant d5: %s' % sorted(got ^ want))
    # Ferz-Knight / Wazir-Knight and the knight leap onto e0
    p = dict(base, d2='H', h5='Z')
    ms, _, _ = moves('flying-warmachines', make_fen('flying-warmachines', p))
    check('d2-e0' in ms and 'd2-c1' in ms and 'd2-d3' not in ms, 'ferz-knight d2')
    check('h5-h6' in ms and 'h5-g6' not in ms and 'h5-g7' in ms, 'wazir-knight h5')


def test_castling():
    p = {'g1': 'K', 'b1': 'R', 'k1': 'R', 'a1': 'F', 'l1': 'F', 'g12': 'k'}
    fen = make_fen('titan-chess', p, castling='KQ')
    ms, _, _ = moves('titan-chess', fen)
    got = set(m for m in ms if ',' in m)
    want = {'g1-h1,k1-g1', 'g1-f1,b1-g1', 'g1-i1,k1-h1', 'g1-e1,b1-f1', 'g1-j1,k1-i1',
            'g1-d1,b1-e1', 'g1-k1,k1-j1', 'g1-c1,b1-d1', 'g1-b1,b1-c1'}
    check(got == want, 'titan chess castling: %s' % sorted(got ^ want))
    check('g1-h1' in ms and 'g1-f1' in ms, 'king steps besides castling')
    p = {'g12': 'k', 'b12': 'r', 'k12': 'r', 'g1': 'K'}
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', p, side='b', castling='kq'))
    check(len([m for m in ms if ',' in m]) == 9 and 'g12-b12,b12-c12' in ms,
          'titan chess black castling')
    for variant in ('stealth-ninja', 'flying-warmachines'):
        p = {'f1': 'K', 'b1': 'R', 'i1': 'R', 'a1': 'G' if variant == 'stealth-ninja' else 'E',
             'j1': 'N' if variant == 'stealth-ninja' else 'E', 'f10': 'k'}
        ms, _, _ = moves(variant, make_fen(variant, p, castling='KQ'))
        got = set(m for m in ms if ',' in m)
        want = {'f1-g1,i1-f1', 'f1-e1,b1-f1', 'f1-h1,i1-g1', 'f1-d1,b1-e1', 'f1-i1,i1-h1',
                'f1-c1,b1-d1', 'f1-b1,b1-c1'}
        check(got == want, '%s castling: %s' % (variant, sorted(got ^ want)))
    p = {'f1': 'K', 'a1': 'R', 'j1': 'R', 'f10': 'k'}
    ms, _, _ = moves('stealth-ninja', make_fen('stealth-ninja', p, castling='KQ', setup='second'),
                     setup='second')
    got = set(m for m in ms if ',' in m)
    want = {'f1-g1,j1-f1', 'f1-h1,j1-g1', 'f1-i1,j1-h1', 'f1-j1,j1-i1', 'f1-e1,a1-f1',
            'f1-d1,a1-e1', 'f1-c1,a1-d1', 'f1-b1,a1-c1', 'f1-a1,a1-b1'}
    check(got == want, 'stealth second castling: %s' % sorted(got ^ want))
    # a checked square stops castling through or onto it (black rook on d10)
    p = {'g1': 'K', 'b1': 'R', 'k1': 'R', 'g12': 'k', 'd10': 'r'}
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', p, castling='KQ'))
    got = set(m for m in ms if ',' in m)
    check('g1-e1,b1-f1' in got and 'g1-d1,b1-e1' not in got and 'g1-c1,b1-d1' not in got,
          'castling through an attacked square')
    # orthodox
    ms, _, _ = moves('chess', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1')
    check({'e1-g1,h1-f1', 'e1-c1,a1-d1'} <= set(ms), 'orthodox castling')
    ms, _, _ = moves('capablanca', 'r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1')
    check({'f1-i1,j1-h1', 'f1-c1,a1-d1'} <= set(m for m in ms if ',' in m) and
          len([m for m in ms if ',' in m]) == 2, 'capablanca castling')


def test_pawns():
    base = {'a12': 'K', 'l12': 'k'}
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', dict(base, g3='P')))
    check(from_sq(ms, 'g3') == {'g3-g4', 'g3-g5', 'g3-g6'}, 'titan pawn g3')
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', dict(base, g5='P')))
    check(from_sq(ms, 'g5') == {'g5-g6'}, 'titan pawn g5')
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', dict(base, g4='P')))
    check(from_sq(ms, 'g4') == {'g4-g5', 'g4-g6'}, 'titan pawn g4')
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', dict(base, g6='P')))
    check(from_sq(ms, 'g6') == {'g6-g7'}, 'titan pawn g6')
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', dict(base, g3='P', h4='p')),
                     play=['g3-h4xh4', 'l12-k12'])
    check(from_sq(ms, 'h4') == {'h4-h5', 'h4-h6'}, 'titan pawn after capture')
    # en passant, Titan Chess (the text's b4 means b5)
    fen = make_fen('titan-chess', dict(base, a3='P', b5='p'))
    for play, want in ((['a3-a5'], 'b5-a4xa5'), (['a3-a6'], 'b5-a4xa6')):
        ms, _, _ = moves('titan-chess', fen, play)
        check(want in ms, 'titan e.p. %s' % want)
    fen = make_fen('titan-chess', dict(base, a3='P', b6='p'))
    ms, _, _ = moves('titan-chess', fen, ['a3-a6'])
    check('b6-a5xa6' in ms, 'titan e.p. b6')
    fen = make_fen('titan-chess', dict(base, a4='P', b6='p'))
    ms, _, pos = moves('titan-chess', fen, ['a4-a6'])
    check('b6-a5xa6' in ms, 'titan e.p. second move')
    _, r, pos = moves('titan-chess', make_fen('titan-chess', dict(base, a3='P')), ['a3-a6'])
    check(r.fen(pos).split()[3] == 'a4,a5', 'e.p. field a4,a5')
    # 10x10
    base = {'a10': 'K', 'j1': 'k'}
    ms, _, _ = moves('stealth-ninja', make_fen('stealth-ninja', dict(base, f2='P')))
    check(from_sq(ms, 'f2') == {'f2-f3', 'f2-f4', 'f2-f5'}, '10x10 pawn f2')
    ms, _, _ = moves('stealth-ninja', make_fen('stealth-ninja', dict(base, f4='P')))
    check(from_sq(ms, 'f4') == {'f4-f5'}, '10x10 pawn f4')
    ms, _, _ = moves('stealth-ninja', make_fen('stealth-ninja', dict(base, f3='P')))
    check(from_sq(ms, 'f3') == {'f3-f4', 'f3-f5'}, '10x10 pawn f3')
    fen = make_fen('stealth-ninja', dict(base, a2='P', b4='p'))
    for play, want in ((['a2-a4'], 'b4-a3xa4'), (['a2-a5'], 'b4-a3xa5')):
        ms, _, _ = moves('stealth-ninja', fen, play)
        check(want in ms, '10x10 e.p. %s' % want)
    fen = make_fen('stealth-ninja', dict(base, a2='P', b5='p'))
    ms, _, _ = moves('stealth-ninja', fen, ['a2-a5'])
    check('b5-a4xa5' in ms, '10x10 e.p. b5')
    fen = make_fen('stealth-ninja', dict(base, a3='P', b5='p'))
    ms, _, _ = moves('stealth-ninja', fen, ['a3-a5'])
    check('b5-a4xa5' in ms, '10x10 e.p. second move')
    # promotion choices
    ms, _, _ = moves('stealth-ninja', make_fen('stealth-ninja', dict(base, c9='P')))
    check(from_sq(ms, 'c9') == {'c9-c10=' + x for x in 'QRBNGWST'}, 'stealth promotion')
    ms, _, _ = moves('flying-warmachines', make_fen('flying-warmachines', dict(base, c9='P')))
    check(from_sq(ms, 'c9') == {'c9-c10=' + x for x in 'QBHZRME'}, 'warmachines promotion')


def test_ninja_pawns():
    base = {'a10': 'K', 'j1': 'k'}
    # white ninja pawn at h9, black bishop i9
    fen = make_fen('stealth-ninja', dict(base, h9='J', i9='b'))
    ms, _, _ = moves('stealth-ninja', fen)
    got = from_sq(ms, 'h9')
    want = {'h9-g9', 'h9-i9xi9'} | {'h9-h10=' + x for x in 'QRBNGWST'}
    check(got == want, 'ninja pawn h9: %s' % sorted(got ^ want))
    # drop and slide, black: e9 .. e6; the white pawn on f7 can't take e.p.
    fen = make_fen('stealth-ninja', dict(base, f7='P'), side='b', hand='j')
    ms, _, _ = moves('stealth-ninja', fen)
    check({'J@e9', 'J@e9-e8', 'J@e9-e7', 'J@e9-e6'} <= set(ms) and 'J@e9-e5' not in ms,
          'ninja pawn drop slide')
    ms, r, pos = moves('stealth-ninja', fen, ['J@e9-e6'])
    check(not any(m.startswith('f7-e8') for m in ms), 'no e.p. on a ninja pawn')
    check(r.fen(pos).split()[3] == '-', 'no e.p. field after a drop')
    # e2-e3, e3-d3, d3-d5
    fen = make_fen('stealth-ninja', base, hand='J')
    ms, _, _ = moves('stealth-ninja', fen, ['J@e2', 'j1-i1', 'e2-e3', 'i1-j1', 'e3-d3', 'j1-i1'])
    check(from_sq(ms, 'd3') == {'d3-d4', 'd3-d5', 'd3-c3', 'd3-e3'}, 'ninja pawn d3')
    # past the centre: 1 or 2 in 10x10, 1 in Titan Chess; from the centre, 1
    ms, _, _ = moves('stealth-ninja', make_fen('stealth-ninja', dict(base, d6='J', c5='J')))
    check(from_sq(ms, 'd6') == {'d6-d7', 'd6-d8', 'd6-e6', 'd6-c6'}, 'ninja pawn d6 (10x10)')
    check(from_sq(ms, 'c5') == {'c5-c6', 'c5-b5', 'c5-d5'}, 'ninja pawn c5 (10x10)')
    base12 = {'a12': 'K', 'l1': 'k'}
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', dict(base12, c2='J')))
    check(from_sq(ms, 'c2') == {'c2-c3', 'c2-c4', 'c2-c5', 'c2-c6', 'c2-b2', 'c2-d2'},
          'titan ninja pawn c2')
    ms, _, _ = moves('titan-chess', make_fen('titan-chess', dict(base12, d7='J', e7='p', c8='p')))
    check(from_sq(ms, 'd7') == {'d7-d8', 'd7-c7', 'd7-e7xe7', 'd7-c8xc8'},
          'titan ninja pawn d7: %s' % sorted(from_sq(ms, 'd7')))


def test_ninjas():
    base = {'a10': 'K', 'j1': 'k'}
    p = dict(base, e5='W', e6='p', e7='r', d5='P', c5='p', f5='p', g5='P', e4='p')
    ms, _, _ = moves('stealth-ninja', make_fen('stealth-ninja', p))
    got = from_sq(ms, 'e5')
    want = {'e5-e6xe6', 'e5-e7xe6xe7', 'e5-c5xc5', 'e5-f5xf5', 'e5-e4xe4', 'e5-e3xe4'}
    check(got == want, 'ninja warrior e5: %s' % sorted(got ^ want))
    # ninja guard on e0, main setup corner
    ms, _, _ = moves('stealth-ninja', make_fen('stealth-ninja', dict(base, e0='G', f1='p', g2='p')))
    check(from_sq(ms, 'e0') == {'e0-d1', 'e0-c2', 'e0-f1xf1', 'e0-g2xf1xg2'}, 'ninja guard e0')


def test_gryphons():
    # black gryphon on h1, white king on e0: no check
    fen = make_fen('stealth-ninja', {'e0': 'K', 'h1': 's', 'a10': 'k'})
    ms, _, _ = moves('stealth-ninja', fen)
    check(len(ms) > 0 and 'e0-f0' in ms and 'e0-e1' in ms, 'gryphon on h1 does not check e0')
    fen = make_fen('stealth-ninja', {'e4': 'T', 'a10': 'k', 'j1': 'K'}, side='w')
    ms, _, _ = moves('stealth-ninja', fen)
    got = from_sq(ms, 'e4')
    check('e4-g7' in got and 'e4-f6' not in got and 'e4-f5' not in got and 'e4-e5' not in got
          and 'e4-c0' not in got, 'anti-gryphon e4')
    fen = make_fen('stealth-ninja', {'e4': 'S', 'a10': 'k', 'j1': 'K', 'f8': 'p'})
    ms, _, _ = moves('stealth-ninja', fen)
    got = from_sq(ms, 'e4')
    check('e4-f7' in got and 'e4-f8xf8' in got and 'e4-f9' not in got and 'e4-f6' not in got
          and 'e4-f5' not in got, 'gryphon e4: %s' % sorted(got))
    fen = make_fen('stealth-ninja', {'a10': 'k', 'j1': 'K'}, hand='ST')
    ms, _, _ = moves('stealth-ninja', fen)
    check({'S@e0', 'S@f0', 'T@e0', 'T@f0'} <= set(ms), 'gryphon drops')


def test_titans():
    # push and crush
    ms, _, _ = moves('chess-titan-rooks', '4k3/8/8/3n4/3r4/8/8/3RK3 w - - 0 1')
    check('d1-d4^d4%d5' in ms, 'push and crush')
    ms, _, _ = moves('chess-titan-rooks', '3rk3/8/8/8/8/8/8/3RK3 w - - 0 1')
    check('d1-d8:d8' in ms, 'exile')
    ms, _, _ = moves('chess', 'r3k3/N7/r7/8/8/8/8/R3K3 w - - 0 1', titans=('rook', 'knight'))
    check('a1-a6^a6^a7:a8' in ms, 'chain')
    # king next to a checking Titan: no push unless it is exiled
    ms, _, _ = moves('chess-titan-rooks', '8/8/8/8/8/4k3/4R3/K7 b - - 0 1')
    check('e3-e2^e2' not in ms and 'e3-e2^e2%e1' not in ms, 'king cannot push a checking Titan')
    ms, _, _ = moves('chess-titan-rooks', '8/8/8/8/8/8/4k3/K3R3 b - - 0 1')
    check('e2-e1:e1' in ms, 'king exiles a checking Titan')
    # a knight cannot land on a Titan
    ms, _, _ = moves('chess-titan-rooks', '4k3/8/8/8/3r4/8/4N3/K7 w - - 0 1')
    check(not any(m.startswith('e2-d4') for m in ms), 'knight vs Titan')
    # crushing one's own king is illegal
    ms, _, _ = moves('chess-titan-rooks', '4k3/8/8/8/8/6K1/5r2/4B3 w - - 0 1')
    check(not any(m.startswith('e1-f2') for m in ms), 'own king crushed')
    # check by crush: black rook e1 would push the white Titan rook e4 onto the king
    ms, _, _ = moves('chess-titan-rooks', 'k7/8/8/4K3/4R3/8/P7/4r3 w - - 0 1')
    check('a2-a3' not in ms and 'e4-d4' not in ms and 'e4-e2' in ms and 'e4-e3' in ms
          and 'e4-e1:e1' in ms and 'e5-d5' in ms, 'check by crush: %s' % ms)
    # pawn pushes diagonally; pushed titan pawn
    ms, _, _ = moves('chess', '4k3/8/8/8/8/3r4/4P3/4K3 w - - 0 1', titans=('rook',))
    check('e2-d3^d3' in ms, 'pawn pushes')
    # ninja: enemy on s1 and Titan on s2 -> no move to s2; Titan on s1 is leaped like a friend
    fen = make_fen('titan-chess-titans', {'a12': 'K', 'l1': 'k', 'e5': 'W', 'e6': 'p', 'e7': 'r',
                                          'd5': 'r', 'c5': 'p', 'f5': 'w'})
    ms, _, _ = moves('titan-chess-titans', fen)
    got = from_sq(ms, 'e5')
    want = {'e5-e6xe6', 'e5-d5^d5%c5', 'e5-c5xc5', 'e5-f5^f5', 'e5-g5', 'e5-e4', 'e5-e3'}
    check(got == want, 'titan ninja: %s' % sorted(got ^ want))
    # bomber: enemy Titan first on the line blocks fly-over; pushed on s2 when s1 empty
    fen = make_fen('titan-chess-titans', {'a12': 'K', 'l1': 'k', 'e5': 'F', 'e7': 'r',
                                          'g5': 'r', 'h5': 'p', 'd5': 'r', 'c5': 'p'})
    ms, _, _ = moves('titan-chess-titans', fen)
    got = from_sq(ms, 'e5')
    check('e5-e7^e7' in got and 'e5-f5' in got and not any(m.startswith('e5-i5') for m in got)
          and 'e5-c5xc5' in got and 'e5-e8' not in got, 'titan bomber: %s' % sorted(got))


def test_options():
    base = {'a1': 'K', 'j1': 'k'}
    fen = make_fen('stealth-ninja', dict(base, e10='W', d10='G'))
    ms, _, _ = moves('stealth-ninja', fen, options=('insane-ninja',))
    check('e10-e11=I' in ms and 'd10-e11=I' in ms and 'e10-e11' not in ms, 'insane ninja')
    ms, _, _ = moves('stealth-ninja', fen)
    check('e10-e11' in ms and 'd10-e11' in ms, 'no insane ninja without the option')
    fen = make_fen('stealth-ninja', {'e10': 'K', 'a1': 'k'})
    ms, r, pos = moves('stealth-ninja', fen, ['e10-e11'], options=('scepter',))
    check(ms == [], 'scepter ends the game')
    ms, r, pos = moves('stealth-ninja', fen, ['e10-e11'])
    check(ms != [], 'no scepter without the option')


def test_fen_and_cli():
    here = os.path.dirname(os.path.abspath(__file__))
    exe = [sys.executable, os.path.join(here, 'refchess.py')]
    for variant, setup in (('chess', 'main'), ('capablanca', 'main'), ('titan-chess', 'main'),
                           ('stealth-ninja', 'main'), ('stealth-ninja', 'second'),
                           ('flying-warmachines', 'main')):
        v = rc.make_variant(variant, setup)
        r = rc.Rules(v)
        check(r.fen(r.parse_fen(v.start_fen)) == v.start_fen, 'fen round trip %s' % variant)
    out = subprocess.run(exe + ['--variant', 'chess', '--play', 'e2-e4', 'e7-e5', 'g1-f3',
                                '--fen-out'], capture_output=True, text=True)
    check(out.stdout.strip() ==
          'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2', 'fen-out')
    out = subprocess.run(exe + ['--variant', 'chess', '--play', 'e2-e5', '--moves'],
                         capture_output=True, text=True)
    check(out.returncode == 1 and out.stderr.count('\n') == 1 and out.stdout == '',
          'bad move error')
    out = subprocess.run(exe + ['--variant', 'chess', '--titans', 'king', '--moves'],
                         capture_output=True, text=True)
    check(out.returncode == 1 and out.stderr.count('\n') == 1, 'royal titan error')
    out = subprocess.run(exe + ['--variant', 'chess', '--perft', '2', '--divide'],
                         capture_output=True, text=True)
    lines = out.stdout.splitlines()
    check(lines[-1] == 'nodes 400' and lines[0] == 'a2-a3: 20' and len(lines) == 21, 'divide')


def test_random_games():
    """Random games: move texts unique and parsable, position text round trip,
    the same moves from the position text as from the played position."""
    import random
    rnd = random.Random(7)
    specs = [('titan-chess-titans', 'main', (), ()),
             ('titan-chess', 'main', (), tuple('QRBNPJWLFYUV')),
             ('stealth-ninja', 'main', ('insane-ninja', 'scepter'), ()),
             ('stealth-ninja', 'second', (), tuple('RNGWSTIPJ')),
             ('flying-warmachines', 'main', (), tuple('MEHZRBPJ')),
             ('capablanca', 'main', (), ('A', 'C', 'R', 'P'))]
    for spec in specs:
        v = rc.make_variant(*spec)
        r = rc.Rules(v)
        pos = r.parse_fen(v.start_fen)
        for _ in range(120):
            ms = r.legal_moves(pos)
            texts = [m.text(v) for m in ms]
            f = r.fen(pos)
            check(len(set(texts)) == len(texts), 'unique texts %s %s' % (spec[0], f))
            p2 = r.parse_fen(f)
            check(r.fen(p2) == f, 'round trip %s' % f)
            if not ms:
                break
            check(sorted(m.text(v) for m in r.legal_moves(p2)) == sorted(texts),
                  'moves from position text %s' % f)
            caps = [m for m in ms if m.caps or m.pushes or m.exile >= 0]
            m = rnd.choice(caps if caps and rnd.random() < 0.5 else ms)
            check(r.find_move(pos, m.text(v)).text(v) == m.text(v), 'parse %s' % m.text(v))
            pos = r.make(pos, m)


def main():
    quick = '--quick' in sys.argv
    for name, fn in list(globals().items()):
        if name.startswith('test_'):
            if name == 'test_perft':
                fn(quick)
            else:
                fn()
    print('%d checks, %d failures' % (COUNT[0], len(FAILS)))
    return 1 if FAILS else 0


if __name__ == '__main__':
    sys.exit(main())

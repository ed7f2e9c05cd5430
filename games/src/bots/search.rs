//! The hard level: a determinized Monte Carlo tree search over what the
//! seat's view leaves possible (single-observer information-set MCTS).
//!
//! Each playout draws a whole game from the view ([`Sampler::sample`]),
//! walks the shared tree down from the bot's decision, adds one node and
//! plays the rest of that game out quickly. The tree's nodes are sequences
//! of (seat, action): the same sequence is one node whatever the sampled
//! hidden parts were, so statistics gather over every game the view allows
//! rather than over one guess. An edge's action is not legal in every
//! sampled game (another seat's hand differs from one sample to the next),
//! so UCB counts how often each edge was *available* instead of how often
//! its parent was visited.
//!
//! The search reads the view and the legal actions only: the games it plays
//! are its own samples, never the real one.

use std::time::Instant;

use cubicle_protocol::Seat;

use super::{easy_choice, BotGame, Budget};
use crate::Chance;

/// Exploration constant of UCB1 for rewards in [0, 1].
const EXPLORATION: f64 = 0.7;

/// A playout longer than this is scored as a draw among all seats. No game
/// comes near it (Dilbert, the longest, ends within a few thousand
/// actions); it only keeps a rules bug from hanging a bot.
const MAX_PLAYOUT_ACTIONS: u32 = 20_000;

/// How often a playout seat plays the easy judgement rather than a random
/// legal action, in percent. Easy playouts make the simulated opponents
/// and the bot itself play like people who think a little, which judges
/// the first moves better than random ones; the remaining random moves keep
/// the playouts varied.
const EASY_IN_PLAYOUTS_PERCENT: u32 = 50;

/// How many of the legal actions, the easy judgement's best first, the
/// search weighs. A Dilbert walk offers a hundred squares; a few hundred
/// playouts cannot tell them apart, but they can tell the few sensible
/// ones apart.
const CANDIDATES: usize = 8;

/// The action a hard bot takes for `seat`.
pub(super) fn choose<G: BotGame>(
    seat: Seat,
    view: &G::View,
    legal: &[G::Action],
    budget: Budget,
    rng: &mut dyn Chance,
) -> Option<G::Action> {
    let legal = &candidates::<G>(view, seat, legal)[..];
    if legal.len() <= 1 {
        return legal.first().cloned();
    }
    let mut root = Node::default();
    let started = Instant::now();
    let mut playouts = 0u32;
    while !spent(budget, playouts, started) {
        playouts += 1;
        // A view these rules could not have made: nothing to search.
        let Ok(mut game) = G::sample(view, seat, rng) else {
            break;
        };
        descend::<G>(&mut root, &mut game, Some((seat, legal)), rng);
    }
    root.most_visited(seat, legal)
        .or_else(|| easy_choice::<G>(view, seat, legal, rng))
}

/// The legal actions the easy judgement likes best, at most
/// [`CANDIDATES`] of them, in `legal` order among equals.
fn candidates<G: BotGame>(view: &G::View, seat: Seat, legal: &[G::Action]) -> Vec<G::Action> {
    if legal.len() <= CANDIDATES {
        return legal.to_vec();
    }
    let mut scored: Vec<(i32, usize)> = legal
        .iter()
        .enumerate()
        .map(|(i, a)| (G::score(view, seat, a), i))
        .collect();
    // Best score first; a stable sort keeps `legal` order among equals.
    scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
    scored
        .into_iter()
        .take(CANDIDATES)
        .map(|(_, i)| legal[i].clone())
        .collect()
}

/// Whether the search has used its budget after `playouts` playouts.
fn spent(budget: Budget, playouts: u32, started: Instant) -> bool {
    match budget {
        Budget::Playouts(limit) => playouts >= limit.max(1),
        // At least one playout, however short the time.
        Budget::Time(limit) => playouts >= 1 && started.elapsed() >= limit,
    }
}

/// A sequence of actions from the bot's decision.
#[derive(Debug)]
struct Node<A> {
    children: Vec<Edge<A>>,
}

impl<A> Default for Node<A> {
    fn default() -> Self {
        Node {
            children: Vec::new(),
        }
    }
}

/// One action by one seat, with what followed it.
#[derive(Debug)]
struct Edge<A> {
    seat: Seat,
    action: A,
    visits: u32,
    /// Playouts in which this action was legal when its parent was reached.
    available: u32,
    /// Sum of `seat`'s rewards over the visits.
    reward: f64,
    node: Node<A>,
}

impl<A: PartialEq + Clone> Node<A> {
    fn edge(&self, seat: Seat, action: &A) -> Option<usize> {
        self.children
            .iter()
            .position(|e| e.seat == seat && e.action == *action)
    }

    /// The root's choice: the legal action visited most (the usual robust
    /// choice), the better mean breaking a tie.
    fn most_visited(&self, seat: Seat, legal: &[A]) -> Option<A> {
        self.children
            .iter()
            .filter(|e| e.seat == seat && e.visits > 0 && legal.contains(&e.action))
            .max_by(|a, b| {
                (a.visits, a.reward / f64::from(a.visits))
                    .partial_cmp(&(b.visits, b.reward / f64::from(b.visits)))
                    .unwrap_or(std::cmp::Ordering::Equal)
            })
            .map(|e| e.action.clone())
    }
}

/// One playout through `node` in `game`: selection, expansion of one new
/// edge, the quick play-out, and the rewards carried back up. `forced` is
/// the bot's own decision at the root (its seat and legal actions, exactly
/// as it was offered them). Returns each seat's reward, or `None` when the
/// sampled game refused an action (a sampler that is not faithful to the
/// view; the playout then counts for nothing).
fn descend<G: BotGame>(
    node: &mut Node<G::Action>,
    game: &mut G,
    forced: Option<(Seat, &[G::Action])>,
    rng: &mut dyn Chance,
) -> Option<Vec<f64>> {
    if game.outcome().is_some() {
        return Some(rewards(game));
    }
    let (seat, legal) = match forced {
        Some((seat, legal)) => (seat, legal.to_vec()),
        None => {
            let seat = *rng.pick(&game.to_act())?;
            (seat, game.legal(seat))
        }
    };
    let mut unexpanded = Vec::new();
    let mut available = Vec::new();
    for action in legal {
        match node.edge(seat, &action) {
            Some(i) => {
                node.children[i].available += 1;
                available.push(i);
            }
            None => unexpanded.push(action),
        }
    }
    if let Some(action) = rng.pick(&unexpanded).cloned() {
        game.play(seat, &action, rng).ok()?;
        let rewards = play_out(game, rng);
        node.children.push(Edge {
            seat,
            action,
            visits: 1,
            available: 1,
            reward: rewards[usize::from(seat)],
            node: Node::default(),
        });
        return Some(rewards);
    }
    let chosen = select(node, &available)?;
    let edge = &mut node.children[chosen];
    game.play(seat, &edge.action, rng).ok()?;
    let rewards = descend::<G>(&mut edge.node, game, None, rng)?;
    edge.visits += 1;
    edge.reward += rewards[usize::from(seat)];
    Some(rewards)
}

/// Among the `available` edges (every one visited: unvisited legal
/// actions are expanded first), the one with the best upper confidence
/// bound for the seat that takes it.
fn select<A>(node: &Node<A>, available: &[usize]) -> Option<usize> {
    let value = |i: usize| {
        let edge = &node.children[i];
        let visits = f64::from(edge.visits.max(1));
        edge.reward / visits + EXPLORATION * (f64::from(edge.available).ln() / visits).sqrt()
    };
    available
        .iter()
        .copied()
        .max_by(|&a, &b| value(a).total_cmp(&value(b)))
}

/// Plays `game` to its end, every seat mixing the easy judgement with
/// random legal actions, and returns each seat's reward.
fn play_out<G: BotGame>(game: &mut G, rng: &mut dyn Chance) -> Vec<f64> {
    for _ in 0..MAX_PLAYOUT_ACTIONS {
        if game.outcome().is_some() {
            return rewards(game);
        }
        let Some(&seat) = rng.pick(&game.to_act()) else {
            break;
        };
        let legal = game.legal(seat);
        let action = if legal.len() > 1 && rng.below(100) < EASY_IN_PLAYOUTS_PERCENT {
            let view = game.view(crate::Viewer::Seat(seat));
            easy_choice::<G>(&view, seat, &legal, rng)
        } else {
            rng.pick(&legal).cloned()
        };
        let Some(action) = action else { break };
        if game.play(seat, &action, rng).is_err() {
            break;
        }
    }
    vec![1.0 / game.seats() as f64; game.seats()]
}

/// 1 for a sole winner, shared equally in a shared victory, 0 otherwise.
fn rewards<G: BotGame>(game: &G) -> Vec<f64> {
    let mut rewards = vec![0.0; game.seats()];
    if let Some(outcome) = game.outcome() {
        let share = 1.0 / outcome.winners.len().max(1) as f64;
        for &w in &outcome.winners {
            if let Some(r) = rewards.get_mut(usize::from(w)) {
                *r = share;
            }
        }
    }
    rewards
}

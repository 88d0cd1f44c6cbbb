/* SPDX-License-Identifier: MIT */
/*
 * The scaffold's sample game in each language new knows: two cards, a
 * token and a one-paragraph rule book, the texts a designer replaces.
 * Each language deckpress has pack strings for (layouts/pack/) has
 * its own, so that a new game in several languages is finished in
 * every one of them and checks clean.
 */
#include <stddef.h>
#include <string.h>

#include "samples.h"

static const struct sample samples[] = {
	{ "en", "Cards", "Tokens", "Core set",
	    { "The first step", "Draw two cards. Every quest begins with "
	    "one.", "The long road", "Move one space, then rest.", "Gold" },
	    "# How to play\n\nShuffle the cards and deal three to each "
	    "player. On your turn, play a card and do what it says, then "
	    "take a gold token. The first player with five gold tokens "
	    "wins.\n" },
	{ "fr", "Cartes", "Jetons", "Jeu de base",
	    { "Le premier pas", "Piochez deux cartes. Toute quête commence "
	    "par un pas.", "La longue route", "Avancez d’une case, puis "
	    "reposez-vous.", "Or" },
	    "# Comment jouer\n\nMélangez les cartes et distribuez-en trois à "
	    "chaque joueur. À votre tour, jouez une carte et faites ce "
	    "qu’elle dit, puis prenez un jeton d’or. Le premier joueur qui "
	    "a cinq jetons d’or gagne.\n" },
	{ "de", "Karten", "Marker", "Grundspiel",
	    { "Der erste Schritt", "Zieh zwei Karten. Jede Reise beginnt "
	    "mit einem Schritt.", "Der lange Weg", "Geh ein Feld vor und "
	    "ruh dich dann aus.", "Gold" },
	    "# Spielablauf\n\nMischt die Karten und gebt jedem drei. Wer am "
	    "Zug ist, spielt eine Karte, tut, was sie sagt, und nimmt einen "
	    "Goldmarker. Wer zuerst fünf Goldmarker hat, gewinnt.\n" },
	{ "es", "Cartas", "Fichas", "Juego básico",
	    { "El primer paso", "Roba dos cartas. Toda búsqueda empieza con "
	    "un paso.", "El largo camino", "Avanza una casilla y luego "
	    "descansa.", "Oro" },
	    "# Cómo jugar\n\nBaraja las cartas y reparte tres a cada "
	    "jugador. En tu turno, juega una carta, haz lo que dice y toma "
	    "una ficha de oro. Gana el primero que reúna cinco fichas de "
	    "oro.\n" },
	{ "it", "Carte", "Segnalini", "Gioco base",
	    { "Il primo passo", "Pesca due carte. Ogni ricerca comincia con "
	    "un passo.", "La lunga strada", "Avanza di una casella, poi "
	    "riposa.", "Oro" },
	    "# Come si gioca\n\nMescola le carte e danne tre a ogni "
	    "giocatore. Al tuo turno gioca una carta, fai ciò che dice e "
	    "prendi un segnalino d’oro. Vince chi per primo ha cinque "
	    "segnalini d’oro.\n" },
};

const struct sample *
scaffold_sample_for(const char *lang)
{
	size_t i;

	for (i = 0; i < sizeof(samples) / sizeof(samples[0]); i++)
		if (strcmp(samples[i].lang, lang) == 0)
			return &samples[i];
	return NULL;
}

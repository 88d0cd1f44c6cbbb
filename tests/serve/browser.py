# SPDX-License-Identifier: MIT
# watch --serve in a real browser (tests/run-serve.sh): Debian's
# chromium, headless, driven by python3-selenium and chromium-driver.
# The page loads with every face; an edit of one card's text changes
# that face's image and no other; a broken file shows its error and
# keeps the faces, the next good save clears it; the language switch
# and ?compare=LANG show the right texts, stale and missing in words;
# Tab reaches every card, Enter zooms it with the guides.  Prints
# "ok - NAME" / "not ok - NAME".  A browser that cannot start fails.
#
# usage: python3 browser.py PORT DECKDIR
import re
import sys
import time

import tap
from tap import say

port, deck = int(sys.argv[1]), sys.argv[2]
URL = "http://127.0.0.1:%d/" % port
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    # Headless Chromium preloads its address bar's two suggestion
    # popups, WebUI pages in a renderer of their own: ~1 s of CPU here
    # (that renderer's and the browser's), for a window no one sees and
    # no check reads.  Not made.
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu",
              "--disable-dev-shm-usage", "--window-size=1400,1400",
              "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup"):
        opts.add_argument(a)
    drv = webdriver.Chrome(service=Service("/usr/bin/chromedriver"),
                           options=opts)
except Exception as e:  # the suite must fail, not skip, without it
    say(False, "chromium starts under selenium (chromium, "
        "chromium-driver, python3-selenium)", e)
    sys.exit(1)


def wait(pred, secs=10):
    end = time.monotonic() + secs
    while time.monotonic() < end:
        try:
            v = pred()
            if v:
                return v
        except Exception:
            pass
        time.sleep(0.05)
    return None


def faces():
    """{(id, lang, side): (src, loaded)} of the images on the page."""
    return {(i["id"], i["lang"], i["side"]): (i["src"], i["ok"])
            for i in drv.execute_script(
                "return [...document.querySelectorAll('img[data-id]')]"
                ".map(i => ({id: i.dataset.id, lang: i.dataset.lang,"
                " side: i.dataset.side, src: i.getAttribute('src'),"
                " ok: i.complete && i.naturalWidth > 0}))")}


def edit(path, old, new):
    with open(path) as f:
        s = f.read()
    with open(path, "w") as f:
        f.write(s.replace(old, new))


try:
    drv.get(URL)
    ids = ["gravity", "waterloo", "photosynthesis"]
    got = wait(lambda: (lambda f: len(f) == 3 and all(v[1] for v in f.values())
                        and f)(faces()))
    say(got and sorted(k[0] for k in got) == sorted(ids),
        "the page loads with every face, each image drawn", faces())
    alts = drv.execute_script("return [...document.querySelectorAll("
                              "'img[data-id]')].map(i => i.alt)")
    say(any("Which force pulls an apple" in a for a in alts) and
        all(a.strip() for a in alts),
        "each face's alt text is its card's title and texts", alts)
    check = drv.find_element(By.ID, "check").text
    say("translations (source: en)" in check and "fr" in check,
        "the composition check at the top, in check's words", check)
    diag = drv.find_element(By.CSS_SELECTOR, "#card-gravity .diags").text
    say(True if diag == "" else "warning" in diag or "error" in diag,
        "diagnostics are text beside the card", diag)

    before = faces()
    edit(deck + "/text/en.yaml", "Which force pulls", "What force pulls")
    after = wait(lambda: (lambda f: f[("gravity", "en", "front")][0] !=
                          before[("gravity", "en", "front")][0] and
                          f[("gravity", "en", "front")][1] and f)(faces()))
    others = after and all(after[k][0] == before[k][0] for k in before
                           if k[0] != "gravity")
    say(after and others, "an edit of one card's text changes that face's "
        "image and no other", (before, after))
    alt = drv.execute_script("return document.querySelector("
                             "'#card-gravity img').alt")
    wait(lambda: "What force" in drv.execute_script(
        "return document.querySelector('#card-gravity img').alt"))

    # The printed language's file: the build fails (a translation read
    # for the page alone fails nothing: run-serve.sh checks that).
    edit(deck + "/text/en.yaml", "cards:\n", "cards:\n  gravity: [\n")
    err = wait(lambda: drv.find_element(By.ID, "error").is_displayed() and
               drv.find_element(By.ID, "error").text)
    kept = faces()
    say(err and "en.yaml" in err and "error:" in err and len(kept) == 3 and
        all(v[1] for v in kept.values()),
        "a broken file shows its error above the faces, which stay", err)
    edit(deck + "/text/en.yaml", "cards:\n  gravity: [\n", "cards:\n")
    gone = wait(lambda: not drv.find_element(By.ID, "error").is_displayed())
    say(gone, "the next good save clears the error")

    Select(drv.find_element(By.ID, "lang")).select_by_value("fr")
    fr = wait(lambda: (lambda f: all(k[1] == "fr" for k in f) and
                       all(v[1] for v in f.values()) and f)(faces()))
    title = drv.find_element(By.CSS_SELECTOR, "#card-gravity .id").text
    say(fr and "Quelle force" in title,
        "the language switch shows the French faces and texts", title)

    drv.get(URL + "?compare=fr")
    text = wait(lambda: drv.execute_script(
        "const t = document.querySelector('#card-waterloo table.texts');"
        " return t && [...t.rows].map(r => r.innerText).join(' | ')"))
    both = wait(lambda: (lambda f: {k[1] for k in f} == {"en", "fr"} and
                         f)(faces()))
    say(both and text and "missing" in text and
        "In which year" in text, "?compare=fr: both languages side by side, "
        "a missing string said in words", text)
    # fr records the source it translates (deckpress strings did):
    # the source changed, its translation is stale.
    edit(deck + "/text/en.yaml", "What do plants", "What can plants")
    js = ("const t = document.querySelector("
          "'#card-photosynthesis table.texts'); return t && t.innerText")
    stale = wait(lambda: "stale" in drv.execute_script(js))
    say(stale, "a changed source marks its translation stale, in words",
        drv.execute_script(js))

    drv.get(URL)
    wait(lambda: len(faces()) == 3)
    body = drv.find_element(By.TAG_NAME, "body")
    body.click()
    seen = []
    for _ in range(30):
        drv.switch_to.active_element.send_keys(Keys.TAB)
        seen.append(drv.execute_script("return document.activeElement.id"))
    say(all("card-" + i in seen for i in ids), "Tab reaches every card", seen)
    drv.execute_script("document.getElementById('card-waterloo').focus()")
    outline = drv.execute_script(
        "return getComputedStyle(document.activeElement).outlineStyle")
    say(outline not in ("none", ""), "a focused card shows its focus", outline)
    drv.switch_to.active_element.send_keys(Keys.ENTER)
    z = wait(lambda: drv.find_element(By.ID, "zoom").is_displayed() and
             drv.execute_script("const i = document.getElementById("
                                "'zoom-img'); return i.complete && "
                                "i.naturalWidth > 0 && i.src"))
    say(z and "guides=1" in z and "waterloo" in z,
        "Enter zooms the card, with its guides", z)
finally:
    drv.quit()
sys.exit(1 if tap.fails else 0)

import { useLingui } from '@lingui/react/macro'
import { ExternalIcon, MailIcon } from './icons'
import type { ShopInfo } from './header'
import { InstallApp } from './install-app'
import { LanguageMenu } from './language-menu'
import { SubscribeLink } from './subscribe-link'
import './footer.css'

const External = ({ href, children }: { href: string; children: string }) => {
  const { t } = useLingui()
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="site-footer__link">
      {children}
      <ExternalIcon size={14} />
      <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
    </a>
  )
}

export function Footer({ shop }: { shop?: ShopInfo }) {
  const { t } = useLingui()
  // the shop's name in the page's language, in the copyright too (SHOP_NAME is one language's)
  const brand = t`Japan Souvenir Shop`
  const year = new Date().getFullYear()
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__about" aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__brand">{brand}</h2>
          <p className="site-footer__mission">
            {t`We bring regional snacks, drinks, ramen and gifts from every corner of Japan to your door in Taiwan, so every day can taste a little like a trip.`}
          </p>
          {shop ? (
            <div className="site-footer__cta">
              <SubscribeLink url={shop.subscribe_url} className="button button-primary">
                {t`Subscribe to the monthly snack box`}
              </SubscribeLink>
              <a href={shop.line_url} target="_blank" rel="noopener noreferrer" className="button site-footer__line">
                {t`Add our LINE official account`}
                <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
              </a>
            </div>
          ) : null}
        </section>
        {shop ? (
          <nav className="site-footer__nav" aria-label={t`Help and policies`}>
            <h2 className="site-footer__heading">{t`Help`}</h2>
            <ul>
              <li><External href={shop.faq_url}>{t`FAQ`}</External></li>
              <li><External href={shop.privacy_url}>{t`Privacy policy`}</External></li>
              <li><External href={shop.terms_url}>{t`Terms of use`}</External></li>
              <li><External href={shop.company_url}>{t`Operating company`}</External></li>
            </ul>
          </nav>
        ) : null}
        <section className="site-footer__contact" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">{t`Customer service`}</h2>
          {shop ? (
            <a className="site-footer__mail" href={`mailto:${shop.email}`}>
              <MailIcon size={18} />
              {shop.email}
            </a>
          ) : null}
          <p className="site-footer__hours">{t`Monday to Friday, 9:00–18:00 Taiwan time (UTC+8)`}</p>
          <div className="site-footer__language">
            <LanguageMenu placement="up" />
          </div>
          <InstallApp />
        </section>
      </div>
      <div className="container site-footer__bottom">
        <p>{t`© ${year} ${brand}. All rights reserved.`}</p>
      </div>
    </footer>
  )
}

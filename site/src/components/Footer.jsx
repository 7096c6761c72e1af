import SiteLink from './SiteLink.jsx';

export default function Footer({ site }) {
  const { logo, copyright } = site.footer;
  const links = site.footer.links || [];
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-columns">
          {links.map((col) => (
            <div className="footer-column" key={col.title}>
              <h2 className="footer-title">{col.title}</h2>
              <ul>
                {col.items.map((item) => (
                  <li key={item.label}>
                    {item.href ? (
                      <a href={item.href} target="_blank" rel="noopener noreferrer">
                        {item.label}
                      </a>
                    ) : (
                      <SiteLink href={item.to}>{item.label}</SiteLink>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div className="footer-bottom">
          {logo && logo.src && (
            <a className="footer-logo" href={logo.href || site.basePath}>
              <img src={logo.src} alt={logo.alt} width="40" height="40" loading="lazy" />
            </a>
          )}
          <p className="footer-copyright">{copyright}</p>
        </div>
      </div>
    </footer>
  );
}

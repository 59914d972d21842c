import type { ReactNode } from 'react'
import './member-layout.css'

/** The member area's frame: the side menu beside (on phones above) the section. */
export function MemberLayout({ menu, children }: { menu: ReactNode; children: ReactNode }) {
  return (
    <div className="container member-layout">
      {menu}
      <div className="member-layout__content">{children}</div>
    </div>
  )
}
